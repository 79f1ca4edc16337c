/* Takes more of one resource than a run may hold (issue #44, item 5): the
 * argument names which.
 *
 *   procs  forks 100 children that wait (a run may have 64 processes);
 *   files  opens /dev/null 300 times (a run may have 128 descriptors);
 *   disk   writes 32 MiB, 1 MiB at a time, into a file of its working
 *          directory (judged with --disk-limit 16).
 *
 * Reads the test's `a b` and prints the right answer (0 for `1 2`) only if
 * it got all it asked for; else 1. Standard error says how far it got. */
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int procs(void) {
    pid_t kids[100];
    int n = 0;
    for (; n < 100; n++) {
        pid_t p = fork();
        if (p < 0) break;
        if (p == 0) {
            pause();
            _exit(0);
        }
        kids[n] = p;
    }
    for (int i = 0; i < n; i++) kill(kids[i], SIGKILL);
    for (int i = 0; i < n; i++) waitpid(kids[i], NULL, 0);
    fprintf(stderr, "forked %d of 100\n", n);
    return n == 100;
}

static int files(void) {
    int n = 0;
    for (; n < 300; n++)
        if (open("/dev/null", O_RDONLY) < 0) break;
    fprintf(stderr, "opened %d of 300\n", n);
    return n == 300;
}

static int disk(void) {
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    int mib = 0;
    int fd = open("fill", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
        while (mib < 32 && write(fd, block, sizeof block) == (ssize_t)sizeof block) mib++;
        close(fd);
    }
    unlink("fill");
    fprintf(stderr, "wrote %d of 32 MiB\n", mib);
    return mib == 32;
}

int main(int argc, char **argv) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 2;
    const char *what = argc > 1 ? argv[1] : "";
    int got = !strcmp(what, "procs") ? procs() : !strcmp(what, "files") ? files() : disk();
    printf("%d\n", got ? 0 : 1);
    return 0;
}
