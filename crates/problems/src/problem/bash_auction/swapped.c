// Field order: reads N before M (the sample's 4 2 becomes M = 2, N = 4).
#include <stdio.h>
int main(void) {
    int m, n, b;
    while (scanf("%d %d", &n, &m) == 2) {
        if (m <= n) {
            for (b = m; b <= n; b++) printf(b == m ? "%d" : " %d", b);
            puts("");
        } else if (m % (n + 1) == 0) {
            puts("none");
        } else {
            printf("%d\n", m % (n + 1));
        }
    }
    return 0;
}
