// HDU 1846: the player to move loses iff n is a multiple of m + 1.
#include <cstdio>
int main() {
    int c, n, m;
    if (scanf("%d", &c) != 1) return 0;
    while (c-- > 0 && scanf("%d %d", &n, &m) == 2) puts(n % (m + 1) == 0 ? "second" : "first");
}
