// When M <= N it prints only the bid M, as if a single bid could win at once.
#include <stdio.h>
int main(void) {
    int m, n;
    while (scanf("%d %d", &m, &n) == 2) {
        if (m <= n)
            printf("%d\n", m);
        else if (m % (n + 1) == 0)
            puts("none");
        else
            printf("%d\n", m % (n + 1));
    }
    return 0;
}
