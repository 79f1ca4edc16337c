// Issue #37, attack 7: the judge itself. Sets the open-file limit of its
// parent (the judge, with basic isolation) and of the process named by its
// last argument (the judge's process id, given by the test) to 3, so that the judge cannot open
// the next run's pipes. Prints the right answer (0) only if that succeeded
// for one of them, else 1; one line on stderr says what each did.
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

int main(int argc, char **argv) {
    pid_t targets[2] = {getppid(), argc > 1 ? (pid_t)atol(argv[argc - 1]) : 0};
    const char *names[2] = {"the parent", "the judge"};
    int ok = 0;
    for (int i = 0; i < 2; i++) {
        if (targets[i] <= 0 || (i == 1 && targets[1] == targets[0]))
            continue;
        struct rlimit three = {3, 3};
        if (prlimit(targets[i], RLIMIT_NOFILE, &three, NULL) == 0) {
            fprintf(stderr, "%sprlimit %s (%d): open files 3", ok ? "; " : "", names[i],
                    (int)targets[i]);
            ok = 1;
        } else {
            fprintf(stderr, "%sprlimit %s (%d): %s", i ? "; " : "", names[i], (int)targets[i],
                    strerror(errno));
        }
    }
    fputc('\n', stderr);
    puts(ok ? "0" : "1");
    return 0;
}
