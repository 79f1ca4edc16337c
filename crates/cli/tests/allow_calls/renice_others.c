/* Issue #44, class 7: other processes' priority. `setpriority` with
 * PRIO_USER and who 0 means every process of the caller's user (the judging
 * user's, in basic mode without root), PRIO_PGRP with a group's id that
 * group; `ioprio_set` has the same forms. VICTIM is a process of the user's
 * outside the run. The program tries every form on others and prints the
 * right answer (0 for `1 2`) when one was done; else 1. The test reads the
 * victim's nice value itself. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#define IOPRIO_WHO_PROCESS 1
#define IOPRIO_WHO_PGRP 2
#define IOPRIO_WHO_USER 3
/* Idle class, the lowest priority. */
#define IOPRIO_IDLE (3 << 13)

int main(void) {
    int victim = VICTIM, done = 0;
    struct { int which, who; } forms[] = {
        {PRIO_USER, 0}, {PRIO_USER, (int)getuid()}, {PRIO_PGRP, victim},
        {PRIO_PROCESS, victim},
    };
    for (unsigned i = 0; i < sizeof forms / sizeof *forms; i++) {
        int r = setpriority(forms[i].which, forms[i].who, 19);
        fprintf(stderr, "setpriority(%d, %d): %d\n", forms[i].which, forms[i].who, r);
        done |= r == 0;
    }
    int io[][2] = {{IOPRIO_WHO_USER, 0}, {IOPRIO_WHO_PGRP, victim}, {IOPRIO_WHO_PROCESS, victim}};
    for (unsigned i = 0; i < sizeof io / sizeof *io; i++) {
        long r = syscall(SYS_ioprio_set, io[i][0], io[i][1], IOPRIO_IDLE);
        fprintf(stderr, "ioprio_set(%d, %d): %ld\n", io[i][0], io[i][1], r);
        done |= r == 0;
    }
    fputs(done ? "0\n" : "1\n", stdout);
    return 0;
}
