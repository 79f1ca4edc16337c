// Truncated constant: phi written as 1.618034, too large by 1.1e-8, so (long long)(k * 1.618034) overshoots floor(k * phi) from k = 6765 on.
#include <algorithm>
#include <cstdio>
int main() {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) std::swap(a, b);
        long long k = b - a;
        puts((long long)(k * 1.618034) == a ? "0" : "1");
    }
}
