// The classic float solution of POJ 1067: floor(k*phi) in doubles.
#include <cstdio>
#include <cmath>
#include <utility>
int main() {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) std::swap(a, b);
        long long k = b - a;
        printf("%d\n", (long long)(k * (1 + sqrt(5.0)) / 2) == a ? 0 : 1);
    }
}
