// 51nod 1185: (a, b) with a <= b is losing iff a = floor(k*phi), k = b - a,
// and floor(k*phi) = (k + isqrt(5 k^2)) / 2 in 128-bit integers (5 k^2 <= 5e36).
#include <cmath>
#include <cstdio>
#include <utility>
typedef unsigned long long u64;
typedef unsigned __int128 u128;
static u128 isqrt(u128 n) {
    u128 r = (u128)sqrtl((long double)n);
    while (r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}
int main() {
    int t;
    u64 a, b;
    if (scanf("%d", &t) != 1) return 0;
    while (t-- > 0 && scanf("%llu %llu", &a, &b) == 2) {
        if (a > b) std::swap(a, b);
        u128 k = b - a;
        puts((k + isqrt(5 * k * k)) / 2 == a ? "B" : "A");
    }
}
