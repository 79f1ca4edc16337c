# The float formulas people write: floor(k * phi) in doubles, phi's ratio
# for Euclid, float division for Bash, Binet's formula for Fibonacci numbers.
def lower_f(k):
    return int(k * PHI)


def fside(pos, state):
    if GAME == "wythoff":
        x, y = min(pos), max(pos)
        return lower_f(y - x) != x
    if GAME == "euclid":
        x, y = min(pos), max(pos)
        return x > 0 and (y % x == 0 or y / x > PHI)
    if GAME == "bash":
        m = state["m"]
        return pos - int(pos / (m + 1)) * (m + 1) != 0
    return not fib_f(pos)


def fib_f(n):
    return any(round(PHI ** i / 5 ** 0.5) == n for i in range(2, 95))


def fmove(pos, state):
    if GAME == "wythoff":
        a, b = pos
        swap = a > b
        x, y = (b, a) if swap else (a, b)
        d = y - x
        t = lower_f(d)
        to = None
        if t < x:
            to = (t, t + d)
        else:
            # x as the smaller of a pair (index about x / phi) or the
            # larger (about x / phi^2 = x - x / phi).
            j = int(x / PHI)
            for k in list(range(max(0, j - 1), j + 3)) + list(range(max(0, x - j - 2), x - j + 3)):
                if lower_f(k) == x and x + k < y:
                    to = (x, x + k)
                if lower_f(k) + k == x and lower_f(k) < y:
                    to = (x, lower_f(k))
            if to is None:
                to = (x - 1, y) if x else (x, y - 1)
        if swap:
            to = (to[1], to[0])
        return "%d %d" % to, to, 0
    if GAME == "euclid":
        a, b = pos
        for to in euclid_moves(a, b):
            if 0 in to or not fside(to, state):
                return "%d %d" % to, to, 0
        to = euclid_moves(a, b)[0]
        return "%d %d" % to, to, 0
    if GAME == "bash":
        m = state["m"]
        take = pos - int(pos / (m + 1)) * (m + 1)
        take = take if 1 <= take <= m else 1
        return str(take), pos - take, take
    # Zeckendorf's terms by Binet's formula, then the largest winning take.
    fibs = [round(PHI ** i / 5 ** 0.5) for i in range(2, 95)]
    n, terms = pos, []
    for v in reversed(fibs):
        if v <= n:
            terms.append(v)
            n -= v
    terms.reverse()
    take, taken = 1, 0
    for j, t in enumerate(terms):
        taken += t
        if taken > min(state["limit"], pos):
            break
        if j + 1 == len(terms) or terms[j + 1] > 2 * taken:
            take = taken
    return str(take), pos - take, take


run(fside, fmove)
