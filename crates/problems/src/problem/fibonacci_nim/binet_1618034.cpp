// Truncated constant: Binet's formula with phi = 1.618034, rounded; pow(1.618034, k) drifts by k * 7e-9 and misses F(k) from k = 33 on.
#include <cmath>
#include <cstdio>
int main() {
    long long n;
    while (scanf("%lld", &n) == 1 && n != 0) {
        bool lose = false;
        for (int k = 2; k < 50; k++)
            if ((long long)(pow(1.618034, k) / sqrt(5.0) + 0.5) == n) lose = true;
        puts(lose ? "Second win" : "First win");
    }
}
