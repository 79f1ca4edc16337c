// Output form: prints `First Win` / `Second Win` (capital W); testlib's wcmp is case-sensitive: WA.
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
        puts(n == y ? "Second Win" : "First Win");
    }
    return 0;
}
