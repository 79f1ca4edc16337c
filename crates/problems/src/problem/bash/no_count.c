// End of input: forgets the count line and reads pairs until end of file, so every pair is shifted by one number.
#include <stdio.h>
int main(void) {
    int n, m;
    while (scanf("%d %d", &n, &m) == 2)
        puts(n % (m + 1) == 0 ? "second" : "first");
    return 0;
}
