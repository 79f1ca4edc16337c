// Pile order: sorts the piles but compares the larger one with floor(k * phi).
#include <math.h>
#include <stdio.h>
int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) { long long t = a; a = b; b = t; }
        long long k = b - a;
        printf("%d\n", (long long)(k * (1 + sqrt(5.0)) / 2) == b ? 0 : 1);
    }
    return 0;
}
