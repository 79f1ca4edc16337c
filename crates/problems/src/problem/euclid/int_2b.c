// 32-bit overflow: 2 * b in int wraps for b > 2^30, so a >= 2 * b holds wrongly (e.g. 2147483647 2147483646).
#include <stdio.h>
int main(void) {
    int a, b;
    while (scanf("%d %d", &a, &b) == 2 && (a || b)) {
        int stan = 1;
        for (;;) {
            if (a < b) { int t = a; a = b; b = t; }
            if (a % b == 0 || a >= 2 * b) break;
            int r = a - b;
            a = b;
            b = r;
            stan = !stan;
        }
        puts(stan ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
