// End of input: reads to end of file and answers the terminator line 0 as a case, one line too many.
#include <stdio.h>
int main(void) {
    long long n;
    while (scanf("%lld", &n) == 1) {
        long long x = 1, y = 2;
        while (y < n) {
            long long z = x + y;
            x = y;
            y = z;
        }
        puts(n == y ? "Second win" : "First win");
    }
    return 0;
}
