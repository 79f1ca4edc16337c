# The shared part of every archetype contestant of the interactive problems:
# the four games' rules with Python's exact integers, and the protocol's loop.
# An archetype defines side(start) -> bool (True: First) and move(pos) -> the
# line to write; `GAME` is set before this prelude by `judge invoke`.
import math
import random
import sys

PHI = (1 + 5 ** 0.5) / 2


def lower(k):
    """floor(k * phi), exactly."""
    return (k + math.isqrt(5 * k * k)) // 2


def fibs_upto(n):
    f = [1, 2]
    while f[-1] + f[-2] <= n:
        f.append(f[-1] + f[-2])
    return f


def wythoff_p(a, b):
    x, y = min(a, b), max(a, b)
    return lower(y - x) == x


def wythoff_moves(a, b):
    """Every position a move leads to, in pile order (up to a sample of each kind)."""
    out = set()
    for t in range(max(0, a - 50), a):
        out.add((t, b))
    for t in range(max(0, b - 50), b):
        out.add((a, t))
    for k in range(1, min(a, b, 50) + 1):
        out.add((a - k, b - k))
    out.add((0, b)) if a else None
    out.add((a, 0)) if b else None
    return [p for p in out if p != (a, b)]


def wythoff_win(a, b):
    swap = a > b
    x, y = (b, a) if swap else (a, b)
    d = y - x
    if lower(d) == x:
        return None
    t = lower(d)
    nx = ny = None
    if t < x:
        nx, ny = t, t + d
    else:
        j0 = (math.isqrt(5 * x * x) - x) // 2
        for j in list(range(max(0, j0 - 3), j0 + 4)) + list(range(max(0, x - j0 - 3), x - j0 + 4)):
            if lower(j) == x and x + j < y:
                nx, ny = x, x + j
            if lower(j) + j == x and lower(j) < y:
                nx, ny = x, lower(j)
    return (ny, nx) if swap else (nx, ny)


def euclid_n(x, y):
    """Whether the player to move wins Euclid's game from (x, y)."""
    x, y = min(x, y), max(x, y)
    if x == 0:
        return False  # a number is 0 already: no move, the player to move lost
    if y % x == 0 or y >= 2 * x:
        return True
    return not euclid_n(y - x, x)


def euclid_moves(a, b):
    x, y = min(a, b), max(a, b)
    out = []
    for k in range(1, min(y // x, 50) + 1):
        r = y - k * x
        out.append((a, r) if b == y and a == x else (r, b))
    return out


def euclid_win(a, b):
    x, y = min(a, b), max(a, b)
    big_is_b = b == y and (a == x)
    def to(r):
        return (a, r) if big_is_b else (r, b)
    if y % x == 0:
        return to(0)
    r = y % x
    if y >= 2 * x:
        return to(r) if not euclid_n(r, x) else to(r + x)
    return to(r) if not euclid_n(r, x) else None


def zeck_terms(n):
    """The Zeckendorf terms of n, smallest first."""
    terms = []
    for v in reversed(fibs_upto(n)):
        if v <= n:
            terms.append(v)
            n -= v
    return terms[::-1]


def fib_win(n, limit):
    """The largest winning take (a sum of n's smallest Zeckendorf terms that
    the limit allows and after which the next term is more than twice it),
    else None: the largest keeps games short."""
    terms = zeck_terms(n)
    best, taken = None, 0
    for j, t in enumerate(terms):
        taken += t
        if taken > min(limit, n):
            break
        if j + 1 == len(terms) or terms[j + 1] > 2 * taken:
            best = taken
    return best


def run(side, move):
    inp = sys.stdin
    t = int(inp.readline())
    for _ in range(t):
        start = list(map(int, inp.readline().split()))
        state = {"limit": None}
        if GAME == "bash":
            n, m = start
            pos = n
        elif GAME == "fib":
            pos = start[0]
            state["limit"] = pos - 1
        else:
            pos = tuple(start)
        state["m"] = start[1] if GAME == "bash" else None
        first = side(pos, state)
        print("First" if first else "Second", flush=True)
        mine = first
        while True:
            if mine:
                line, pos, taken = move(pos, state)
                print(line, flush=True)
                if GAME == "fib":
                    state["limit"] = 2 * taken
                done = pos == 0 or pos == (0, 0) or (GAME == "euclid" and 0 in pos)
                if done:
                    inp.readline()
                    break
            words = inp.readline().split()
            if not words or words == ["-1"]:
                sys.exit(0)
            if words in (["0"], ["0", "0"]):
                break
            if GAME in ("wythoff", "euclid"):
                pos = tuple(map(int, words))
            else:
                took = int(words[0])
                pos -= took
                if GAME == "fib":
                    state["limit"] = 2 * took
            mine = True


def exact_side(pos, state):
    if GAME == "wythoff":
        return not wythoff_p(*pos)
    if GAME == "euclid":
        return euclid_n(*pos)
    if GAME == "bash":
        return pos % (state["m"] + 1) != 0
    return fib_win(pos, state["limit"]) is not None


def exact_move(pos, state):
    """(line, position after, stones taken) of a winning move, else of any legal one."""
    if GAME == "wythoff":
        to = wythoff_win(*pos) or ((pos[0] - 1, pos[1]) if pos[0] else (pos[0], pos[1] - 1))
        return "%d %d" % to, to, 0
    if GAME == "euclid":
        to = euclid_win(*pos) or euclid_moves(*pos)[0]
        return "%d %d" % to, to, 0
    if GAME == "bash":
        take = pos % (state["m"] + 1) or 1
        return str(take), pos - take, take
    take = fib_win(pos, state["limit"]) or 1
    return str(take), pos - take, take
