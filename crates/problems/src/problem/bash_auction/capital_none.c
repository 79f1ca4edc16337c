// Output form: prints None instead of none; testlib's wcmp is case-sensitive: WA.
#include <stdio.h>
int main(void) {
    int m, n, b;
    while (scanf("%d %d", &m, &n) == 2) {
        if (m <= n) {
            for (b = m; b <= n; b++) printf(b == m ? "%d" : " %d", b);
            puts("");
        } else if (m % (n + 1) == 0) {
            puts("None");
        } else {
            printf("%d\n", m % (n + 1));
        }
    }
    return 0;
}
