// Off by one: rounds k * phi to the nearest integer (exactly, in 128 bits) instead of taking its floor.
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
    scanf("%d", &t);
    while (t--) {
        scanf("%llu %llu", &a, &b);
        if (a > b) std::swap(a, b);
        u128 k = b - a;
        u128 twice = k + isqrt(5 * k * k); // floor(2 k phi)
        puts((twice + 1) / 2 == a ? "B" : "A");
    }
}
