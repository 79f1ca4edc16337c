// 32-bit overflow: reads the piles with %d into int, but they go up to 10^18.
#include <math.h>
#include <stdio.h>
int main(void) {
    int t, a, b;
    scanf("%d", &t);
    while (t--) {
        scanf("%d %d", &a, &b);
        if (a > b) { int c = a; a = b; b = c; }
        int k = b - a;
        puts((int)(k * (1 + sqrt(5.0)) / 2) == a ? "B" : "A");
    }
    return 0;
}
