// End of input: answers the first line only, as if there were one case.
#include <algorithm>
#include <cmath>
#include <cstdio>
static long long lower(long long k) { /* floor(k * phi) = (k + isqrt(5 k^2)) / 2, exactly */
    long long n = 5 * k * k, s = (long long)sqrtl((long double)n);
    while (s * s > n) s--;
    while ((s + 1) * (s + 1) <= n) s++;
    return (k + s) / 2;
}
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 0;
    if (a > b) std::swap(a, b);
    long long k = b - a;
    long long x = lower(k);
    printf("%d\n", x == a ? 0 : 1);
}
