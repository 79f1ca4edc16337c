// Off by one at the bottom: the table starts at 3, so n = 2 (a Fibonacci number, the smallest input) is missed.
#include <cstdio>
int main() {
    long long n;
    while (scanf("%lld", &n) == 1 && n != 0) {
        long long x = 3, y = 5;
        bool lose = false;
        while (x <= n) {
            if (x == n) lose = true;
            long long z = x + y;
            x = y;
            y = z;
        }
        puts(lose ? "Second win" : "First win");
    }
}
