// The classic float rule: the player to move wins iff a == b or the ratio of
// the larger to the smaller number exceeds phi, in doubles.
#include <cmath>
#include <cstdio>
#include <utility>
int main() {
    const double phi = (1 + sqrt(5.0)) / 2;
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        if (a < b) std::swap(a, b);
        puts(a == b || (double)a / (double)b > phi ? "Stan wins" : "Ollie wins");
    }
}
