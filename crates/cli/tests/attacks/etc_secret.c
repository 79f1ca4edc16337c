// Issue #40: /etc is readable by every run but for the host's secrets. The
// test plants a world-readable "secret" in /etc/ssh (a directory of the deny
// list: SSH host keys) at SECRET, compiled in (a path on the command line
// would be bound into the run). Prints the right answer, 0, only if it reads
// the secret's text; one line on stderr says what happened.
#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifndef SECRET
#define SECRET "/etc/ssh/beatty-secret"
#endif

int main(void) {
    char buf[64] = {0};
    FILE *f = fopen(SECRET, "r");
    if (!f) {
        fprintf(stderr, "open %s: %s\n", SECRET, strerror(errno));
        puts("1");
        return 0;
    }
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    if (n > 0 && strstr(buf, "secret")) {
        fprintf(stderr, "read the secret of %s\n", SECRET);
        puts("0");
    } else {
        fprintf(stderr, "%s: %zu bytes, no secret\n", SECRET, n);
        puts("1");
    }
    return 0;
}
