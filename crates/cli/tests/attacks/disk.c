// Issue #37, attack 5: disk beyond --disk-limit. Writes 144 MiB in files of
// 8 MiB (named MARKER-N: the test adds `#define MARKER "NAME"` before this
// file), one after the other in its working directory and in /tmp; a place
// that refuses a file is given up and the other one takes the rest. Prints
// the right answer (0) only if all 144 MiB got written, else 1; one line on
// stderr says how much went where.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef MARKER
#error "define MARKER, the files' name"
#endif

#define FILES 18
#define FILE_MIB 8

static const char *places[2] = {".", "/tmp"};
static long written[2];
static char failed[2][256];

// Writes the file `i` into place `p`; 0 if refused (then `failed[p]` says why).
static int write_file(int p, int i) {
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    char path[512];
    snprintf(path, sizeof path, "%s/%s-%d", places[p], MARKER, i);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        snprintf(failed[p], sizeof failed[p], "open: %s", strerror(errno));
        return 0;
    }
    for (int m = 0; m < FILE_MIB; m++) {
        ssize_t w = write(fd, block, sizeof block);
        if (w != (ssize_t)sizeof block) {
            snprintf(failed[p], sizeof failed[p], "write: %s",
                     w < 0 ? strerror(errno) : "short write");
            close(fd);
            return 0;
        }
        written[p]++;
    }
    if (fsync(fd) != 0) {
        snprintf(failed[p], sizeof failed[p], "fsync: %s", strerror(errno));
        close(fd);
        return 0;
    }
    close(fd);
    return 1;
}

int main(void) {
    int done = 0;
    for (int i = 0; i < FILES; i++) {
        int p = i % 2;
        if (failed[p][0] || !write_file(p, i)) {
            p = 1 - p;
            if (failed[p][0] || !write_file(p, i))
                break;
        }
        done++;
    }
    fprintf(stderr, "wrote %ld MiB in its directory%s%s, %ld MiB in /tmp%s%s\n", written[0],
            failed[0][0] ? " then " : "", failed[0], written[1], failed[1][0] ? " then " : "",
            failed[1]);
    puts(done == FILES ? "0" : "1");
    return 0;
}
