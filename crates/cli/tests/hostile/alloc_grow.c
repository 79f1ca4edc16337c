// expect: MLE
// time limit: 10
// Grows its memory 1 MiB at a time, touching each block, towards 2 GiB, and
// exits 1 quietly when an allocation is refused: MLE with a cgroup (the
// limit was hit) and without (its sampled resident memory passed the limit).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    unsigned sum = 0;
    for (int i = 0; i < 2048; i++) {
        volatile char *p = malloc(1 << 20);
        if (!p) return 1;
        memset((char *)p, 1, 1 << 20);
        sum += p[4096];
    }
    printf("%u\n", sum & 0);
    return 0;
}
