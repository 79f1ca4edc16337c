// POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi), k = b - a,
// and floor(k*phi) = (k + isqrt(5 k^2)) / 2 in 64-bit integers (5 k^2 <= 5e18).
#include <cstdio>
#include <cmath>
#include <utility>
typedef unsigned long long u64;
static u64 isqrt(u64 n) {
    u64 r = (u64)sqrtl((long double)n);
    while (r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}
int main() {
    u64 a, b;
    while (scanf("%llu %llu", &a, &b) == 2) {
        if (a > b) std::swap(a, b);
        u64 k = b - a;
        printf("%d\n", (k + isqrt(5 * k * k)) / 2 == a ? 0 : 1);
    }
}
