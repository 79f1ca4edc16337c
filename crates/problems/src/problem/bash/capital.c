// Output form: prints First / Second (capitalised); testlib's wcmp is case-sensitive: WA.
#include <stdio.h>
int main(void) {
    int c, n, m;
    scanf("%d", &c);
    while (c--) {
        scanf("%d %d", &n, &m);
        puts(n % (m + 1) == 0 ? "Second" : "First");
    }
    return 0;
}
