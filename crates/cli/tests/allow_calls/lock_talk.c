/* Issue #44, class 2: concurrent runs talk through lock state. A lock needs
 * only a descriptor open for reading, so two runs can use `flock` on a file
 * bound read-only into every root (FLAG and SIGNAL, system files) as a
 * channel. Each copy tries FLAG; the one that gets it holds it and waits for
 * the other to lock SIGNAL; the other, finding FLAG taken, locks SIGNAL and
 * waits for FLAG to be released. Each prints the right answer (0 for `1 2`,
 * 1 for `1 1`) only when it found the other copy, within 1.5 s; else the
 * wrong one. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* Whether another open file description holds a lock on `path`. */
static int taken(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    int busy = flock(fd, LOCK_EX | LOCK_NB) != 0;
    close(fd);
    return busy;
}

int main(void) {
    long a = 0, b = 0;
    if (scanf("%ld %ld", &a, &b) != 2) return 2;
    int right = a == b ? 1 : 0;
    int flag = open(FLAG, O_RDONLY), found = 0;
    double end = now() + 1.5;
    if (flag >= 0 && flock(flag, LOCK_EX | LOCK_NB) == 0) {
        /* First: wait for the other to lock SIGNAL. */
        while (!found && now() < end) {
            found = taken(SIGNAL);
            usleep(5000);
        }
    } else if (flag >= 0) {
        /* Second: FLAG is taken by the other copy. */
        int signal = open(SIGNAL, O_RDONLY);
        found = signal >= 0 && flock(signal, LOCK_EX) == 0;
        while (found && taken(FLAG) && now() < end) usleep(5000);
    }
    printf("%d\n", found ? right : 1 - right);
    return 0;
}
