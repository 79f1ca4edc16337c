// Off by one at the top: when M <= N it lists the bids M .. N - 1 (i < N), missing N.
#include <stdio.h>
int main(void) {
    int m, n, b;
    while (scanf("%d %d", &m, &n) == 2) {
        if (m <= n) {
            for (b = m; b < n; b++) printf(b == m ? "%d" : " %d", b);
            puts("");
        } else if (m % (n + 1) == 0) {
            puts("none");
        } else {
            printf("%d\n", m % (n + 1));
        }
    }
    return 0;
}
