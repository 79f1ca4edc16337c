// Off by one: rounds k * phi to the nearest integer instead of taking its floor.
#include <math.h>
#include <stdio.h>
int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) { long long t = a; a = b; b = t; }
        long long k = b - a;
        printf("%d\n", llround(k * (1 + sqrt(5.0)) / 2) == a ? 0 : 1);
    }
    return 0;
}
