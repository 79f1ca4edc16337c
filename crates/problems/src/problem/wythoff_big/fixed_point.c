// 64-bit overflow: phi as the fixed-point integer 1618033988749894848 / 10^18, so k * 1618033988749894848 wraps for every k > 11.
#include <stdio.h>
int main(void) {
    int t;
    unsigned long long a, b;
    scanf("%d", &t);
    while (t--) {
        scanf("%llu %llu", &a, &b);
        if (a > b) { unsigned long long c = a; a = b; b = c; }
        unsigned long long k = b - a;
        puts(k * 1618033988749894848ULL / 1000000000000000000ULL == a ? "B" : "A");
    }
    return 0;
}
