// HDU 1525: with a >= b, the player to move wins if b divides a or a >= 2b;
// otherwise the only move leads to (b, a - b).
#include <cstdio>
#include <utility>
int main() {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        bool stan = true;
        for (;;) {
            if (a < b) std::swap(a, b);
            if (a % b == 0 || a >= 2 * b) break;
            long long r = a - b;
            a = b;
            b = r;
            stan = !stan;
        }
        puts(stan ? "Stan wins" : "Ollie wins");
    }
}
