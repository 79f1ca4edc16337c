// Output form: prints YES / NO instead of 1 / 0; testlib's ncmp wants integers: a presentation error (WA on Kattis).
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
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) { long long t = a; a = b; b = t; }
        long long k = b - a;
        long long x = lower(k);
        puts(x == a ? "NO" : "YES");
    }
    return 0;
}
