// Issue #44, class 1: ask a service of the host for the answer through its
// Unix socket (SERVICE, a datagram socket's path, compiled in: a path on the
// command line would be bound into the run), with what the filter
// allows: a datagram socket pair (socket() itself is refused), one end
// disconnected from the other (connect to AF_UNSPEC: a connected datagram
// socket takes messages from its peer only) and bound to an abstract name
// of its own so that the service can answer, the question sent to the
// service's path with sendto. Prints what the service
// answers (the test's service answers the right answer, 0), or 1 when it
// cannot reach it; one line on stderr says what happened.
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#ifndef SERVICE
#error "define SERVICE, the service's socket"
#endif

int main(void) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) < 0) {
        fprintf(stderr, "socketpair: %s\n", strerror(errno));
        puts("1");
        return 0;
    }
    struct sockaddr none = {.sa_family = AF_UNSPEC};
    if (connect(sv[0], &none, sizeof none) < 0)
        fprintf(stderr, "disconnect (going on connected): %s\n", strerror(errno));
    struct sockaddr_un me = {.sun_family = AF_UNIX};
    int n = snprintf(me.sun_path + 1, sizeof me.sun_path - 1, "beatty-ask-%d", (int)getpid());
    if (bind(sv[0], (struct sockaddr *)&me, sizeof(sa_family_t) + 1 + n) < 0)
        fprintf(stderr, "bind (going on without an address): %s\n", strerror(errno));
    struct sockaddr_un to = {.sun_family = AF_UNIX};
    strncpy(to.sun_path, SERVICE, sizeof to.sun_path - 1);
    if (sendto(sv[0], "?", 1, 0, (struct sockaddr *)&to, sizeof to) < 0) {
        fprintf(stderr, "sendto %s: %s\n", SERVICE, strerror(errno));
        puts("1");
        return 0;
    }
    struct pollfd p = {.fd = sv[0], .events = POLLIN};
    char buf[64];
    if (poll(&p, 1, 3000) != 1) {
        fprintf(stderr, "sendto %s: sent, but no answer\n", SERVICE);
        puts("1");
        return 0;
    }
    ssize_t got = recv(sv[0], buf, sizeof buf - 1, 0);
    if (got <= 0) {
        fprintf(stderr, "recv: %s\n", got < 0 ? strerror(errno) : "empty");
        puts("1");
        return 0;
    }
    buf[got] = 0;
    fprintf(stderr, "sendto %s: the host's service answered %s", SERVICE, buf);
    fputs(buf, stdout);
    return 0;
}
