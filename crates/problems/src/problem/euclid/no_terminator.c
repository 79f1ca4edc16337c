// End of input: reads to end of file and plays the terminator 0 0 as a case, which divides by zero (RE).
#include <stdio.h>
int main(void) {
    int a, b;
    while (scanf("%d %d", &a, &b) == 2) {
        int stan = 1;
        for (;;) {
            if (a < b) { int t = a; a = b; b = t; }
            if (a % b == 0 || a - b >= b) break;
            int r = a - b;
            a = b;
            b = r;
            stan = !stan;
        }
        puts(stan ? "Stan wins" : "Ollie wins");
        fflush(stdout);
    }
    return 0;
}
