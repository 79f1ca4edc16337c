// HDU 2149: if M <= N every bid from M to N wins at once; else the only
// winning bid leaves a multiple of N + 1, i.e. M mod (N + 1), unless that is 0.
#include <cstdio>
int main() {
    int m, n;
    while (scanf("%d %d", &m, &n) == 2) {
        if (m <= n) {
            for (int b = m; b <= n; b++) printf(b == m ? "%d" : " %d", b);
            puts("");
        } else if (m % (n + 1) == 0) {
            puts("none");
        } else {
            printf("%d\n", m % (n + 1));
        }
    }
}
