// Issue #37, attack 8: inotify on the judging user's home. Watches the
// directory argv[1] for 1 s and learns the names of the files created there
// meanwhile. Prints the right answer (0) only if it saw an event, else 1; one
// line on stderr says what it saw.
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: inotify_home DIR\n");
        puts("1");
        return 0;
    }
    int in = inotify_init1(IN_NONBLOCK);
    if (in < 0) {
        fprintf(stderr, "inotify_init1: %s\n", strerror(errno));
        puts("1");
        return 0;
    }
    if (inotify_add_watch(in, argv[1], IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE) < 0) {
        fprintf(stderr, "inotify_add_watch %s: %s\n", argv[1], strerror(errno));
        puts("1");
        return 0;
    }
    struct pollfd p = {.fd = in, .events = POLLIN};
    if (poll(&p, 1, 1000) == 1) {
        char buf[4096] __attribute__((aligned(8)));
        ssize_t len = read(in, buf, sizeof buf);
        if (len > 0) {
            struct inotify_event *e = (struct inotify_event *)buf;
            fprintf(stderr, "inotify on %s: saw %s\n", argv[1], e->len ? e->name : "an event");
            puts("0");
            return 0;
        }
    }
    fprintf(stderr, "inotify on %s: no event in 1 s\n", argv[1]);
    puts("1");
    return 0;
}
