/* Issue #44: a system call the filter does not name, such as one a newer
 * kernel adds, is refused (EPERM) before the kernel sees it. Outside the
 * judge the kernel answers these numbers itself (ENOSYS for a number it does
 * not have, another error for one it has). The program prints the right
 * answer (0 for `1 2`) when any of them reached the kernel (an answer other
 * than EPERM); else 1. */
#include <errno.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
    long numbers[] = {460, 470, 999, 1000, 1023};
    int reached = 0;
    for (unsigned i = 0; i < sizeof numbers / sizeof *numbers; i++) {
        errno = 0;
        long r = syscall(numbers[i], 0, 0, 0, 0, 0, 0);
        fprintf(stderr, "syscall %ld: %ld, errno %d\n", numbers[i], r, errno);
        reached |= !(r == -1 && errno == EPERM);
    }
    fputs(reached ? "0\n" : "1\n", stdout);
    return 0;
}
