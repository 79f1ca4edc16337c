/* A fast correct contestant of bash-play (judge run bash-play): exact, one line at a time, flushed after each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    char line[256];
    if (!fgets(line, sizeof line, stdin)) return 0;
    long long t = atoll(line);
    for (long long g = 0; g < t; g++) {
        unsigned long long n, m;
        if (!fgets(line, sizeof line, stdin) || sscanf(line, "%llu %llu", &n, &m) != 2) return 0;
        int mine = n % (m + 1) != 0;
        fputs(mine ? "First\n" : "Second\n", stdout);
        fflush(stdout);
        for (;;) {
            if (mine) {
                unsigned long long take = n % (m + 1);
                printf("%llu\n", take);
                fflush(stdout);
                n -= take;
                if (n == 0) { if (!fgets(line, sizeof line, stdin)) return 0; break; }
            }
            if (!fgets(line, sizeof line, stdin)) return 0;
            if (line[0] == '-') return 0;
            unsigned long long took = strtoull(line, 0, 10);
            if (took == 0) break;
            n -= took;
            mine = 1;
        }
    }
    return 0;
}
