// HDU 2516 (Fibonacci nim): the first player loses iff n is a Fibonacci number.
#include <cstdio>
int main() {
    long long n;
    while (scanf("%lld", &n) == 1 && n != 0) {
        long long x = 1, y = 2;
        while (y < n) {
            long long z = x + y;
            x = y;
            y = z;
        }
        puts(n == 1 || n == y ? "Second win" : "First win");
    }
}
