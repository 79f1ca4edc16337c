// The classic HDU 2177 solution in doubles: the move from both piles, then the
// move from the larger pile only. It misses moves from the smaller pile, like
// (4, 5) -> (3, 5).
#include <cmath>
#include <cstdio>
#include <utility>
int main() {
    const double phi = (1 + sqrt(5.0)) / 2;
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        if (a > b) std::swap(a, b);
        long long k = b - a;
        if ((long long)(k * phi) == a) {
            puts("0");
            continue;
        }
        puts("1");
        if ((long long)(k * phi) < a) printf("%lld %lld\n", (long long)(k * phi), (long long)(k * phi) + k);
        // The larger pile goes down to a's partner: a = lo_j (j near a/phi) or a = hi_j (j near a/phi^2).
        long long j1 = (long long)(a / phi), j2 = (long long)(a / phi / phi);
        for (long long j = (j1 > 2 ? j1 - 2 : 0); j <= j1 + 2; j++)
            if ((long long)(j * phi) == a && a + j < b) printf("%lld %lld\n", a, a + j);
        for (long long j = (j2 > 2 ? j2 - 2 : 1); j <= j2 + 2; j++)
            if (j > 0 && (long long)(j * phi) + j == a) printf("%lld %lld\n", (long long)(j * phi), a);
    }
}
