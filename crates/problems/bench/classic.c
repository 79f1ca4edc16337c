/* The classic POJ 1067 solution, as it is usually written: scanf, the double
 * formula, printf. Baseline for crates/problems/bench/solve_wythoff.sh. */
#include <math.h>
#include <stdio.h>

int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) { long long t = a; a = b; b = t; }
        long long k = b - a;
        long long ak = (long long)(k * (1 + sqrt(5.0)) / 2);
        printf("%d\n", ak == a ? 0 : 1);
    }
    return 0;
}
