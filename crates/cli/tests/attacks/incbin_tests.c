// Issue #37, attack 3: the compiler reads the tests. The source includes the
// test directory's files at compile time (`.incbin`), so the program carries
// every input and answer, and prints the answer of the input it is given (1
// for an input it does not know). TESTS is the test directory (the test adds
// `#define TESTS "DIR"` before this file); its tests are `a` and `b`. When the
// directory is hidden from the compiler, the source does not compile (CE).
#include <stdio.h>
#include <string.h>

#ifndef TESTS
#error "define TESTS, the test directory"
#endif

__asm__(".section .rodata\n"
        ".globl beatty_in_a, beatty_ans_a, beatty_in_b, beatty_ans_b\n"
        "beatty_in_a: .incbin \"" TESTS "/a.in\"\n .byte 0\n"
        "beatty_ans_a: .incbin \"" TESTS "/a.ans\"\n .byte 0\n"
        "beatty_in_b: .incbin \"" TESTS "/b.in\"\n .byte 0\n"
        "beatty_ans_b: .incbin \"" TESTS "/b.ans\"\n .byte 0\n"
        ".text\n");
extern const char beatty_in_a[], beatty_ans_a[], beatty_in_b[], beatty_ans_b[];

int main(void) {
    static char input[4096];
    size_t n = fread(input, 1, sizeof input - 1, stdin);
    input[n] = 0;
    const char *tests[4] = {beatty_in_a, beatty_ans_a, beatty_in_b, beatty_ans_b};
    for (int i = 0; i < 4; i += 2) {
        if (strcmp(input, tests[i]) == 0) {
            fprintf(stderr, "the answer of test %c, read by the compiler\n", 'a' + i / 2);
            fputs(tests[i + 1], stdout);
            return 0;
        }
    }
    fprintf(stderr, "an input the compiler did not see\n");
    puts("1");
    return 0;
}
