// Field order: reads m before n (the sample's 4 3 becomes n = 3, m = 4).
#include <cstdio>
int main() {
    int c, n, m;
    scanf("%d", &c);
    while (c--) {
        scanf("%d %d", &m, &n);
        puts(n % (m + 1) == 0 ? "second" : "first");
    }
}
