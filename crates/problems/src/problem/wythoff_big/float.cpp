// The classic solution of 51nod 1185 in long doubles: floor(k*phi) with a
// 64-bit mantissa is wrong for some k near 10^18.
#include <cmath>
#include <cstdio>
#include <utility>
int main() {
    const long double phi = (1 + sqrtl(5.0L)) / 2;
    int t;
    unsigned long long a, b;
    if (scanf("%d", &t) != 1) return 0;
    while (t-- > 0 && scanf("%llu %llu", &a, &b) == 2) {
        if (a > b) std::swap(a, b);
        unsigned long long k = b - a;
        puts((unsigned long long)(k * phi) == a ? "B" : "A");
    }
}
