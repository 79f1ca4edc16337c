// Output form: a blank line after every answer; testlib's wcmp and Kattis compare tokens, so this is accepted.
#include <stdio.h>
int main(void) {
    long long n;
    while (scanf("%lld", &n) == 1 && n) {
        long long x = 1, y = 2;
        while (y < n) {
            long long z = x + y;
            x = y;
            y = z;
        }
        printf("%s\n\n", n == y ? "Second win" : "First win");
    }
    return 0;
}
