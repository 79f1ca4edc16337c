// Off by one: a > 2 * b instead of a >= 2 * b, without the divisibility test, so a = 2b is lost (the sample's 15 24 reaches 6 3).
#include <stdio.h>
int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        int stan = 1;
        for (;;) {
            if (a < b) { long long t = a; a = b; b = t; }
            if (b == 0 || a > 2 * b) break;
            long long r = a - b;
            a = b;
            b = r;
            stan = !stan;
        }
        if (b == 0) stan = !stan;
        puts(stan ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
