// The classic float test: n is a Fibonacci number iff 5n^2 + 4 or 5n^2 - 4 is
// a perfect square, with the square root in doubles (5n^2 exceeds 2^53).
#include <cmath>
#include <cstdio>
static bool square(double x) {
    double s = floor(sqrt(x) + 0.5);
    return s * s == x;
}
int main() {
    long long n;
    while (scanf("%lld", &n) == 1 && n != 0) {
        double d = 5.0 * n * n;
        puts(square(d + 4) || square(d - 4) ? "Second win" : "First win");
    }
}
