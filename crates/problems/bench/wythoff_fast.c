/* An exact fast-I/O solution of POJ 1067 (wythoff): fread of the whole input in
 * 1 MiB blocks, hand-written parsing, the losing-position test in 64x64->128-bit
 * fixed point, one output buffer. The C counterpart of `judge solve wythoff` in
 * crates/problems/bench/perf.sh (gcc -O2 -march=native).
 *
 * Exact for 0 <= a, b <= 10^9: with F = floor(2^64 / phi) = 0x9E3779B97F4A7C15,
 * floor(k * phi) = k + (k * F >> 64) for k <= 10^9 (the truncation error of F,
 * below k * 2^-64 < 10^-10, is smaller than the distance of k * phi from an
 * integer, above 1 / (3k) >= 3 * 10^-10). Input: lines `a b`, nothing else. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define BLOCK (1 << 20)
static char in[BLOCK + 64];
static char out[BLOCK + 64];
static size_t outlen;

int main(void) {
    const unsigned __int128 F = 0x9E3779B97F4A7C15ull;
    size_t len = 0, pos = 0;
    int eof = 0;
    for (;;) {
        if (!eof && len - pos < 64) { /* keep at least one whole line in the buffer */
            memmove(in, in + pos, len - pos);
            len -= pos;
            pos = 0;
            size_t n = fread(in + len, 1, BLOCK - len, stdin);
            if (n == 0) eof = 1;
            len += n;
            in[len] = 0;
        }
        while (pos < len && (in[pos] < '0' || in[pos] > '9')) pos++;
        if (pos >= len) {
            if (eof) break;
            continue;
        }
        uint64_t a = 0, b = 0;
        while (in[pos] >= '0' && in[pos] <= '9') a = a * 10 + (uint64_t)(in[pos++] - '0');
        while (in[pos] == ' ') pos++;
        while (in[pos] >= '0' && in[pos] <= '9') b = b * 10 + (uint64_t)(in[pos++] - '0');
        if (a > b) { uint64_t t = a; a = b; b = t; }
        uint64_t k = b - a;
        uint64_t lower = k + (uint64_t)((k * F) >> 64);
        out[outlen++] = lower == a ? '0' : '1';
        out[outlen++] = '\n';
        if (outlen >= BLOCK) {
            fwrite(out, 1, outlen, stdout);
            outlen = 0;
        }
    }
    fwrite(out, 1, outlen, stdout);
    return 0;
}
