// An honest solution of wythoff (issue #37's check that the fresh root keeps
// honest programs working): reads every position, keeps its answers in a
// temporary file (tmpfile(), in the run's private /tmp), and prints them.
// (a, b) with a <= b is losing (0) iff a = floor(k * phi), k = b - a, and
// floor(k * phi) = (k + isqrt(5 k^2)) / 2 in integers.
#include <stdio.h>

static unsigned long long isqrt(unsigned long long n) {
    unsigned long long r = 0, bit = 1ULL << 62;
    while (bit > n)
        bit >>= 2;
    while (bit) {
        if (n >= r + bit) {
            n -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

int main(void) {
    FILE *t = tmpfile();
    if (!t) {
        perror("tmpfile");
        return 1;
    }
    unsigned long long a, b;
    while (scanf("%llu %llu", &a, &b) == 2) {
        if (a > b) {
            unsigned long long x = a;
            a = b;
            b = x;
        }
        unsigned long long k = b - a;
        fputs((k + isqrt(5 * k * k)) / 2 == a ? "0\n" : "1\n", t);
    }
    rewind(t);
    int c;
    while ((c = getc(t)) != EOF)
        putchar(c);
    return 0;
}
