// Off by one period: the winning bid leaves a multiple of N, not of N + 1.
#include <cstdio>
int main() {
    int m, n;
    while (scanf("%d %d", &m, &n) == 2) {
        if (m <= n) {
            for (int b = m; b <= n; b++) printf(b == m ? "%d" : " %d", b);
            puts("");
        } else if (m % n == 0) {
            puts("none");
        } else {
            printf("%d\n", m % n);
        }
    }
}
