// Off by one period: the second player wins only at n = m + 1, not at every multiple of m + 1 (misses n = 2(m + 1)).
#include <stdio.h>
int main(void) {
    int c, n, m;
    scanf("%d", &c);
    while (c--) {
        scanf("%d %d", &n, &m);
        puts(n == m + 1 ? "second" : "first");
    }
    return 0;
}
