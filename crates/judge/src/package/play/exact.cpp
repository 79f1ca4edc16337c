// A correct contestant of the interactive game problems in C++: the winning
// side, then winning moves, with exact integers (Wythoff's ⌊kφ⌋ for k up to
// 10^18 by an integer square root in unsigned __int128). `judge package`
// writes the game below.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static const char *GAME = "@GAME@";

typedef unsigned long long u64;
typedef unsigned __int128 u128;

static u128 isqrt(u128 n) {
    u128 x = (u128)sqrtl((long double)n);
    while (x > 0 && x * x > n) x--;
    while ((x + 1) * (x + 1) <= n) x++;
    return x;
}

// floor(k phi) = (k + isqrt(5 k^2)) / 2
static u128 lower(u128 k) { return (k + isqrt(5 * k * k)) / 2; }

static bool wythoff_p(u64 a, u64 b) {
    u64 lo = a < b ? a : b, hi = a < b ? b : a;
    return lower(hi - lo) == lo;
}

// A winning move from (a, b), which is not a P-position.
static void wythoff_win(u64 a, u64 b, u64 &x, u64 &y) {
    bool swap = a > b;
    u64 lo = swap ? b : a, hi = swap ? a : b, d = hi - lo;
    u64 nlo = lo, nhi = hi;
    u128 l = lower(d);
    if (l < lo) {
        u64 t = lo - (u64)l;
        nlo = lo - t, nhi = hi - t;
    } else {
        // lo is floor(k phi) (partner lo + k) or floor(k phi) + k (partner floor(k phi)).
        u128 k0 = (isqrt((u128)5 * lo * lo) - lo) / 2;
        for (u128 k = k0 > 2 ? k0 - 2 : 0; k <= k0 + 2; k++) {
            if (k > 0 && lower(k) == lo && lo + k < hi) nhi = (u64)(lo + k);
        }
        u128 j0 = (u128)lo - k0;
        for (u128 k = j0 > 3 ? j0 - 3 : 0; k <= j0 + 3; k++) {
            if (k > 0 && lower(k) + k == lo) nhi = (u64)lower(k);
        }
        if (lo == 0) nhi = 0;
    }
    x = swap ? nhi : nlo;
    y = swap ? nlo : nhi;
}

// Euclid: the player to move from (a, b), both positive, wins.
static bool euclid_n(u64 a, u64 b) {
    u64 s = a < b ? a : b, l = a < b ? b : a;
    if (a == b) return true;
    u128 lhs = (u128)(2 * (u128)l - s);
    return lhs * lhs > (u128)5 * s * s;
}

static void euclid_win(u64 a, u64 b, u64 &x, u64 &y) {
    bool first = a >= b;
    u64 big = first ? a : b, small = first ? b : a;
    u64 r = big % small, to;
    if (r == 0) to = 0;
    else if (!euclid_n(r, small)) to = r;
    else to = r + small;
    x = first ? to : a;
    y = first ? b : to;
}

static std::vector<u64> zeckendorf(u64 n) {
    std::vector<u64> f = {1, 2};
    while (f[f.size() - 1] <= n - f[f.size() - 2]) f.push_back(f[f.size() - 1] + f[f.size() - 2]);
    std::vector<u64> terms;
    for (size_t i = f.size(); i-- > 0;)
        if (f[i] <= n) terms.push_back(f[i]), n -= f[i];
    return std::vector<u64>(terms.rbegin(), terms.rend());
}

// The largest winning take of Fibonacci nim from (n, limit), 0 if none.
static u64 fib_win(u64 n, u64 limit) {
    std::vector<u64> t = zeckendorf(n);
    u64 best = 0, taken = 0, most = limit < n ? limit : n;
    for (size_t j = 0; j < t.size(); j++) {
        taken += t[j];
        if (taken > most) break;
        if (j + 1 == t.size() || (u128)t[j + 1] > 2 * (u128)taken) best = taken;
    }
    return best;
}

static bool read_line(std::vector<u64> &v) {
    char buf[256];
    if (!fgets(buf, sizeof buf, stdin)) return false;
    v.clear();
    if (buf[0] == '-') exit(0);  // -1: a mistake, stop
    char *p = buf;
    while (*p) {
        while (*p == ' ' || *p == '\n' || *p == '\r') p++;
        if (!*p) break;
        v.push_back(strtoull(p, &p, 10));
    }
    return true;
}

int main() {
    std::string g = GAME;
    std::vector<u64> v;
    if (!read_line(v)) return 0;
    u64 games = v[0];
    for (u64 i = 0; i < games; i++) {
        read_line(v);
        u64 a = v[0], b = v.size() > 1 ? v[1] : 0, limit = a - 1;
        bool first;
        if (g == "wythoff") first = !wythoff_p(a, b);
        else if (g == "euclid") first = a != 0 && b != 0 && euclid_n(a, b);
        else if (g == "bash") first = a % (b + 1) != 0;
        else first = fib_win(a, limit) != 0;
        printf(first ? "First\n" : "Second\n");
        fflush(stdout);
        bool mine = first;
        for (;;) {
            if (mine) {
                bool done;
                if (g == "wythoff" || g == "euclid") {
                    u64 x, y;
                    if (g == "wythoff") wythoff_win(a, b, x, y);
                    else euclid_win(a, b, x, y);
                    printf("%llu %llu\n", x, y);
                    a = x, b = y;
                    done = g == "wythoff" ? (a == 0 && b == 0) : (a == 0 || b == 0);
                } else {
                    u64 t = g == "bash" ? a % (b + 1) : fib_win(a, limit);
                    printf("%llu\n", t);
                    a -= t, limit = 2 * t;
                    done = a == 0;
                }
                fflush(stdout);
                if (done) {
                    read_line(v);  // the sentinel
                    break;
                }
            }
            if (!read_line(v)) return 0;
            if (g == "wythoff" || g == "euclid") {
                if (v.size() == 2 && v[0] == 0 && v[1] == 0) break;
                a = v[0], b = v[1];
            } else {
                if (v[0] == 0) break;
                a -= v[0], limit = 2 * v[0];
            }
            mine = true;
        }
    }
    return 0;
}
