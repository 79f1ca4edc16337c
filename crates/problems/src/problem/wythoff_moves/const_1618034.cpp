// Truncated constant: floor(k * phi) computed as (long long)(k * 1.618034), one too large from k = 6765 on.
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>
#include <vector>
typedef long long ll;
static ll isqrt(ll n) {
    ll r = (ll)sqrtl((long double)n);
    while (r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}
static ll lower(ll k) { return (ll)(k * 1.618034); }
int main() {
    const ll N = 1000000;
    std::vector<ll> partner(N + 1, -1);
    for (ll k = 0; lower(k) <= N; k++) {
        ll lo = lower(k), hi = lo + k;
        partner[lo] = hi;
        if (hi <= N) partner[hi] = lo;
    }
    ll a, b;
    while (scanf("%lld %lld", &a, &b) == 2 && (a || b)) {
        if (a > b) std::swap(a, b);
        ll k = b - a;
        if (lower(k) == a) {
            puts("0");
            continue;
        }
        puts("1");
        if (lower(k) < a) printf("%lld %lld\n", lower(k), lower(k) + k);
        std::set<std::pair<ll, ll>> moves;
        ll p = partner[a];
        if (p < b) moves.insert(p < a ? std::make_pair(p, a) : std::make_pair(a, p));
        p = partner[b];
        if (p >= 0 && p < a) moves.insert(std::make_pair(p, b));
        for (auto &m : moves) printf("%lld %lld\n", m.first, m.second);
    }
}
