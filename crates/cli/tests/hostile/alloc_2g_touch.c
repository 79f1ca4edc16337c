// expect: MLE
// time limit: 10
// Allocates 2 GiB in one block and touches it (a null pointer would crash).
// Without a memory cgroup the block is granted (address space is not memory)
// and the judge kills the run once its resident memory passes the limit.
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
