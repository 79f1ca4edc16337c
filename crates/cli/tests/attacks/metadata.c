// Issue #37, attack 2: change the metadata of the judging user's files, which
// Landlock (it checks opens) does not guard: chmod of the home to 0777 and of
// a 0600 secret in it to 0666, utimensat and setxattr (user.x) of the secret.
// argv[1]: the home, whose file `secret` is the secret (a directory, not the
// file, is named: the judge as root copies a file the command names into its
// box, and the program would change the copy). Prints the right answer (0) only if
// every change succeeded, else 1; one line on stderr says what each did.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>

static int ok = 1;
static char report[1024];

static void step(const char *what, int r) {
    size_t len = strlen(report);
    snprintf(report + len, sizeof report - len, "%s%s: %s", len ? "; " : "", what,
             r == 0 ? "done" : strerror(errno));
    if (r != 0)
        ok = 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: metadata HOME\n");
        puts("1");
        return 0;
    }
    char secret[4096];
    snprintf(secret, sizeof secret, "%s/secret", argv[1]);
    step("chmod home 0777", chmod(argv[1], 0777));
    step("chmod secret 0666", chmod(secret, 0666));
    struct timespec t[2] = {{1000000000, 0}, {1000000000, 0}};
    step("utimensat secret", utimensat(AT_FDCWD, secret, t, 0));
    step("setxattr secret user.x", setxattr(secret, "user.x", "1", 1, 0));
    fprintf(stderr, "%s\n", report);
    puts(ok ? "0" : "1");
    return 0;
}
