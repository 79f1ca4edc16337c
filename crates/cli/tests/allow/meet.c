// Issue #44, class 2: runs judged at the same time (--jobs 2, or two
// judges) find each other through the names of Unix sockets, which a
// network namespace holds for every process in it. Each run binds one end
// of a socket pair (socket() itself is refused) to the abstract name
// MARKER-in-A-B and another to the path ./MARKER-in-A-B.sock in its working
// directory (A B its input), then reads /proc/net/unix (the name of every
// Unix socket of its network namespace, abstract ones with a leading @) for
// the other run's name, keeping its own for 1.5 s. The test adds `#define MARKER
// "NAME"` before this file. Prints the right answer of its own input (the
// tests are `1 2`, answer 0, and `1 1`, answer 1) only if it learned the
// other run's input, else the wrong one; one line on stderr says what each
// way gave.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#ifndef MARKER
#error "define MARKER, the prefix of the names"
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

// Binds one end of a new socket pair to `name` (abstract when `abstract`);
// returns a note of what happened.
static const char *bind_to(const char *name, int abstract) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
        return "socketpair refused";
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    size_t n = strlen(name);
    if (n + 2 > sizeof a.sun_path)
        return "name too long";
    memcpy(a.sun_path + (abstract ? 1 : 0), name, n);
    socklen_t len = sizeof(sa_family_t) + n + 1;
    if (bind(sv[0], (struct sockaddr *)&a, len) < 0)
        return "bind refused";
    return "bound";
}

int main(void) {
    long a = 0, b = 0;
    if (scanf("%ld %ld", &a, &b) != 2) {
        puts("1");
        return 0;
    }
    char mine[128], path[160];
    snprintf(mine, sizeof mine, "%s-in-%ld-%ld", MARKER, a, b);
    snprintf(path, sizeof path, "%s.sock", mine);
    const char *abstract = bind_to(mine, 1);
    const char *named = bind_to(path, 0);
    char prefix[128];
    snprintf(prefix, sizeof prefix, "%s-in-", MARKER);
    char found[256] = "";
    double until = now() + 1.5;
    while (!found[0] && now() < until) {
        FILE *f = fopen("/proc/net/unix", "r");
        if (!f)
            break;
        char line[512];
        while (!found[0] && fgets(line, sizeof line, f)) {
            char *at = strstr(line, prefix);
            if (at && !strstr(line, mine)) {
                at[strcspn(at, "\n")] = 0;
                snprintf(found, sizeof found, "%s", at);
            }
        }
        fclose(f);
        usleep(10000);
    }
    // Its names stay until the window ends, for the other run to find.
    while (now() < until)
        usleep(10000);
    fprintf(stderr, "abstract %s, path %s; %s%s\n", abstract, named,
            found[0] ? "found the other run: " : "found no other run",
            found);
    int losing = a == 1 && b == 2;
    int right = losing ? 0 : 1;
    printf("%d\n", found[0] ? right : !right);
    if (!strcmp(named, "bound"))
        unlink(path);
    return 0;
}
