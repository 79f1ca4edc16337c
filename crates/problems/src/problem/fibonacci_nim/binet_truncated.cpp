// Binet's formula truncated instead of rounded: (long long)(pow(phi, k) / sqrt(5)) is F(k) - 1 for every odd k.
#include <cmath>
#include <cstdio>
int main() {
    long long n;
    const double phi = (1 + sqrt(5.0)) / 2;
    while (scanf("%lld", &n) == 1 && n != 0) {
        bool lose = false;
        for (int k = 2; k < 50; k++)
            if ((long long)(pow(phi, k) / sqrt(5.0)) == n) lose = true;
        puts(lose ? "Second win" : "First win");
    }
}
