// Issue #37, attack 1: ask a service of the host for the answer over a named
// Unix socket (on the machine, the judging user's tmux server at
// /tmp/tmux-UID/default, which ran a shell command outside the sandbox).
// argv[1]: the socket's path. Prints what the service answers (the test's
// listener answers the right answer, 0), or 1 when it cannot reach it; one
// line on stderr says what happened.
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: unix_connect SOCKET\n");
        puts("1");
        return 0;
    }
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (s < 0) {
        fprintf(stderr, "socket: %s\n", strerror(errno));
        puts("1");
        return 0;
    }
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, argv[1], sizeof a.sun_path - 1);
    if (connect(s, (struct sockaddr *)&a, sizeof a) < 0) {
        fprintf(stderr, "connect %s: %s\n", argv[1], strerror(errno));
        puts("1");
        return 0;
    }
    char buf[64];
    ssize_t n = read(s, buf, sizeof buf - 1);
    if (n <= 0) {
        fprintf(stderr, "connect %s: connected, but read: %s\n", argv[1],
                n < 0 ? strerror(errno) : "end of file");
        puts("1");
        return 0;
    }
    buf[n] = 0;
    fprintf(stderr, "connect %s: the host's service answered %s%s", argv[1], buf,
            buf[n - 1] == '\n' ? "" : "\n");
    fputs(buf, stdout);
    return 0;
}
