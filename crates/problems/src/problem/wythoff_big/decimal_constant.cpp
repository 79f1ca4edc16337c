// A 32-digit decimal constant of phi in long double: the literal is rounded to 64 bits, so k * phi is no better than with sqrtl near 10^18.
#include <cstdio>
#include <utility>
int main() {
    const long double phi = 1.6180339887498948482045868343656L;
    int t;
    unsigned long long a, b;
    scanf("%d", &t);
    while (t--) {
        scanf("%llu %llu", &a, &b);
        if (a > b) std::swap(a, b);
        unsigned long long k = b - a;
        puts((unsigned long long)(k * phi) == a ? "B" : "A");
    }
}
