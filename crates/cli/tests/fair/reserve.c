// POJ 1067 exactly, after reserving 4 GiB of address space it never touches,
// as Go's runtime and the JVM reserve their heaps: (a, b) with a <= b is
// losing iff a = floor(k*phi), k = b - a, floor(k*phi) = (k + isqrt(5k^2)) / 2.
#include <stdio.h>
#include <sys/mman.h>
typedef unsigned long long u64;
static u64 isqrt(u64 n) { /* the largest r with r * r <= n, bit by bit */
    u64 r = 0;
    for (int bit = 31; bit >= 0; bit--) {
        u64 c = r | (1ULL << bit);
        if (c * c <= n) r = c;
    }
    return r;
}
int main(void) {
    void *arena = mmap(NULL, (size_t)4 << 30, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (arena == MAP_FAILED) {
        perror("reserving 4 GiB of address space");
        return 1;
    }
    u64 a, b;
    while (scanf("%llu %llu", &a, &b) == 2) {
        if (a > b) { u64 t = a; a = b; b = t; }
        u64 k = b - a;
        printf("%d\n", (k + isqrt(5 * k * k)) / 2 == a ? 0 : 1);
    }
    return 0;
}
