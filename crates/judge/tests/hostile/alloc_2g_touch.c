// expect: MLE
// without a memory cgroup: RE
// Allocates 2 GiB in one block and touches it. Under RLIMIT_AS (no cgroup)
// the allocation is refused at once and the program crashes on the null
// pointer, which the judge cannot tell from a bug: RE.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    size_t n = (size_t)2 << 30;
    volatile char *p = malloc(n);
    memset((char *)p, 1, n);
    unsigned sum = 0;
    for (size_t i = 0; i < n; i += 4096) sum += p[i];
    printf("%u\n", sum & 0);
    return 0;
}
