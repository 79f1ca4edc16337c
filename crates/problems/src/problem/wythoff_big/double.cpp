// The classic float solution in doubles: (long long)(k * (1 + sqrt(5)) / 2) needs 60 bits near 10^18 and a double keeps 53.
#include <cmath>
#include <cstdio>
#include <utility>
int main() {
    int t;
    long long a, b;
    scanf("%d", &t);
    while (t--) {
        scanf("%lld %lld", &a, &b);
        if (a > b) std::swap(a, b);
        long long k = b - a;
        puts((long long)(k * (1 + sqrt(5.0)) / 2) == a ? "B" : "A");
    }
}
