# The interactor (the output validator in interactive mode) of the
# interactive game problems: a second implementation, in Python 3 with its
# exact integers, of the referee of `beatty_problems::interact` and of the
# opponent of `beatty_games::opponent`, held to them by the differential test
# `crates/judge/tests/it/interactor.rs` (same starts, same seed: the same
# bytes to the contestant, the same verdict).
#
# Kattis interface: `interactor input answer feedback_dir < contestant_output
# > contestant_input`; exit 42 when the contestant won every game, 43 at its
# first mistake (after sending it `-1`), with the reason in
# feedback_dir/judgemessage.txt; any other exit is the judge's failure.
#
# `GAME` and, for Wythoff's game, `HAZARDS` (the indices k <= 10^10 where
# ⌊kφ⌋ computed in doubles is wrong, listed by `beatty_hazards`) are written
# above this text by `judge package`.
import bisect
import functools
import math
import os
import sys

MASK = (1 << 64) - 1
MAX_LINE = 128
TOKEN_BYTES = 64
FIB_PLY_CAP = 400
LISTED_UP_TO = 10_000_000_000
TARGET_WINDOW = 64
PHI_F64 = (1.0 + math.sqrt(5.0)) / 2.0
INV_PHI_F64 = (math.sqrt(5.0) - 1.0) / 2.0


# ---------------------------------------------------------------- randomness

class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def mix(random, i):
    """SplitMix64's output function: the i-th derived word of a move."""
    z = (random + i * 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(word, n):
    """A value of 0..n from a random word, by the high half of the product."""
    return (word * n) >> 64


def pick(candidates, random):
    """Seven times in eight one of the best-scored, else any; first of equals kept."""
    distinct = []
    seen = set()
    for p, s in candidates:
        if p not in seen:
            seen.add(p)
            distinct.append((p, s))
    if not distinct:
        return None
    best = max(s for _, s in distinct)
    word = mix(random, 1)
    if word & 7 == 0:
        pool = [p for p, _ in distinct]
    else:
        pool = [p for p, s in distinct if s == best]
    return pool[below(word >> 3, len(pool))]


def any_of(options, random):
    if not options:
        return None
    return options[below(mix(random, 2), len(options))]


# ---------------------------------------------------------------- the golden ratio, exactly

def floor_div_phi(n):
    """floor(n / phi) = floor(n (sqrt 5 - 1) / 2)."""
    return (math.isqrt(5 * n * n) - n) // 2


@functools.lru_cache(maxsize=1 << 16)
def lower_wide(k):
    """floor(k phi)."""
    return k + floor_div_phi(k)


def lower(k):
    v = lower_wide(k)
    return v if v <= MASK else None


def upper(k):
    v = lower(k)
    return v + k if v is not None and v + k <= MASK else None


def classify(n):
    """('zero', 0), ('lower', k) with n = floor(k phi), or ('upper', k) with n = floor(k phi^2)."""
    if n == 0:
        return ("zero", 0)
    c = floor_div_phi(n)
    c1 = c + 1
    k = c1 if c1 * (c1 + n + 1) - 1 <= n * n + 2 * n else c
    if lower_wide(k) == n:
        return ("lower", k)
    return ("upper", n - k)


@functools.lru_cache(maxsize=1 << 16)
def partner(n):
    kind, k = classify(n)
    if kind == "zero":
        return 0
    return upper(k) if kind == "lower" else lower(k)


def is_p_position(a, b):
    lo, hi = min(a, b), max(a, b)
    return lower_wide(hi - lo) == lo


# ---------------------------------------------------------------- the float formulas, as doubles

def lower_f64(k):
    return int(float(k) * PHI_F64)


@functools.lru_cache(maxsize=1 << 16)
def lower_f64_hazard(k):
    return lower_wide(k) != lower_f64(k)


def _sqrt5_q62():
    n = 5 << 124
    r = math.isqrt(n)
    return r + 1 if r * r + r < n else r


P_LONG_DOUBLE = (1 << 62) + _sqrt5_q62()


def lower_long_double(k):
    """`beatty_float::solutions::lower_long_double`: ⌊kφ⌋ in x87 long double
    (the product rounded to 64 significant bits, to nearest even)."""
    x = k * P_LONG_DOUBLE
    bits = x.bit_length()
    if bits > 64:
        shift = bits - 64
        q, rest, half = x >> shift, x & ((1 << shift) - 1), 1 << (shift - 1)
        up = rest > half or (rest == half and q & 1 == 1)
        x = (q + int(up)) << shift
    return min(x >> 63, MASK)


LONG_DOUBLE_FROM = 1 << 52


def long_double_hazard(k, lo):
    """`interact::games::long_double_hazard`."""
    return lower_long_double(k) != lo


@functools.lru_cache(maxsize=1 << 16)
def classify_f64_hazard(a):
    if a == 0:
        return False
    j = int(float(a) * INV_PHI_F64)
    if lower_f64(j) == a:
        floated = ("lower", j)
    elif lower_f64(j + 1) == a:
        floated = ("lower", j + 1)
    else:
        floated = ("upper", None)
    kind, k = classify(a)
    if floated[0] == "lower":
        return not (kind == "lower" and k == floated[1])
    return kind != "upper"


@functools.lru_cache(maxsize=1 << 16)
def hazard_score(p):
    """`interact::HazardInterest::score`."""
    lo, hi = min(p), max(p)
    if not is_p_position(lo, hi):
        return 0
    score = (100 if lower_f64_hazard(hi - lo) else 0) + (120 if long_double_hazard(hi - lo, lo) else 0)
    if score:
        return score
    if classify_f64_hazard(lo):
        return 60
    return 0


def hazard_targets(p):
    """`interact::HazardInterest::targets`."""
    a, b = p
    budget = max(a, b) // 2
    top = floor_div_phi(floor_div_phi(budget)) + 1
    ks = list(reversed(HAZARDS[: bisect.bisect_right(HAZARDS, top)]))[:2]
    found = 0
    for k in range(top, max(top - TARGET_WINDOW, 0) - 1, -1):
        if found == 2:
            break
        if k > LISTED_UP_TO and lower_f64_hazard(k):
            ks.append(k)
            found += 1
    found = 0
    if top >= LONG_DOUBLE_FROM:
        for k in range(top, top - TARGET_WINDOW - 1, -1):
            if found == 2:
                break
            x = lower(k)
            if x is not None and x + k <= MASK and long_double_hazard(k, x):
                ks.append(k)
                found += 1
    out = []
    for k in ks:
        x = lower(k)
        if x is None or x + k > MASK:
            continue
        if x + k <= budget:
            out.append((x, x + k))
    return out


# ---------------------------------------------------------------- Wythoff

def wythoff_winning(p):
    """Every winning move, in `wythoff::winning_moves`' order: from both piles,
    then from the smaller pile, then from the larger."""
    a, b = p
    lo, hi = min(a, b), max(a, b)
    out = []
    x = lower(hi - lo)
    if x is not None and x < lo:
        t = lo - x
        out.append((a - t, b - t))
    moves = [None, None]
    x = partner(b)
    if x is not None and x < a:
        moves[0] = (x, b)
    y = partner(a)
    if y is not None and y < b:
        moves[1] = (a, y)
    if not a <= b:
        moves.reverse()
    return out + [m for m in moves if m is not None]


def wythoff_reply_score(r):
    lo, hi = min(r), max(r)
    if (lo, hi) == (0, 0):
        return 0
    if (lo, hi) == (1, 2):
        return 6
    return 2 + hi.bit_length() // 4


def two_pile_boundary(q):
    x, y = q
    return 2 if x == y or min(x, y) <= 1 else 0


def wythoff_candidates(p, random):
    a, b = p

    def sizes(pile, other, salt):
        return [0, 1, 2, other, pile // 2, pile // 3, pile // 4, pile // 6, pile // 8,
                pile // 16, below(mix(random, salt), max(pile, 1)),
                below(mix(random, salt + 1), max(pile // 4, 1))]

    out = []
    for x in sizes(a, b, 10):
        if x < a:
            out.append((x, b))
    for y in sizes(b, a, 20):
        if y < b:
            out.append((a, y))
    m = min(a, b)
    for t in [1, m, m // 2, 1 + below(mix(random, 30), max(m, 1)), max(m - 1, 0)]:
        if 1 <= t <= m:
            out.append((a - t, b - t))
    for x, y in hazard_targets(p):
        for x, y in ((x, y), (y, x)):
            if x < a and y < b:
                out.append((a, y))
                out.append((x, b))
    return out


def wythoff_choose(p, random):
    a, b = p
    if (a, b) == (0, 0):
        return None
    winning = wythoff_winning(p)
    if winning:
        return any_of(winning, random)
    half = max(a, b) // 2
    whole = (0, b) if a >= b else (a, 0)
    scored = [(whole, 0)]
    for q in wythoff_candidates(p, random):
        replies = wythoff_winning(q)
        if any(max(r) > half for r in replies):
            continue
        worst = min((wythoff_reply_score(r) + hazard_score(r) for r in replies), default=0)
        scored.append((q, worst + two_pile_boundary(q)))
    return pick(scored, random)


def wythoff_apply(p, nums):
    a, b = p
    x, y = nums
    if x <= a and y <= b and (x, y) != (a, b) and (x == a or y == b or a - x == b - y):
        return (x, y)
    if x > a or y > b:
        raise Illegal("a move cannot add stones")
    if (x, y) == (a, b):
        raise Illegal("a move takes at least one stone")
    raise Illegal("taking from both piles takes the same number from each (%d and %d)" % (a - x, b - y))


# ---------------------------------------------------------------- Euclid

def euclid_lost(p):
    a, b = p
    if a == 0 or b == 0:
        return True
    small, large = min(a, b), max(a, b)
    # large/small > phi  <=>  2 large - small > small sqrt 5 (both sides positive)
    return not (a == b or (2 * large - small) ** 2 > 5 * small * small)


def euclid_winning(p):
    a, b = p
    if a == 0 or b == 0:
        return []
    if a == b:
        return [(0, b), (a, 0)]
    first = a > b
    big, small = (a, b) if first else (b, a)
    q, r = divmod(big, small)
    if r == 0:
        t = 0
    elif euclid_lost((r, small)):
        t = r
    elif q >= 2:
        t = r + small
    else:
        return []
    return [(t, b) if first else (a, t)]


def euclid_choose(p, random):
    winning = euclid_winning(p)
    if winning:
        return any_of(winning, random)
    a, b = p
    if a == 0 or b == 0:
        return None
    return (a - b, b) if a >= b else (a, b - a)


def euclid_apply(p, nums):
    a, b = p
    x, y = nums

    def taken(big, small, new):
        return small > 0 and new < big and (big - new) % small == 0

    if (x == a and y != b and a <= b and taken(b, a, y)) or \
            (y == b and x != a and b <= a and taken(a, b, x)):
        return (x, y)
    if a == 0 or b == 0:
        raise Illegal("there is no move: a number is 0")
    raise Illegal("a move subtracts a positive multiple of the smaller number from the larger")


# ---------------------------------------------------------------- Bash

def bash_choose(n, m, random):
    if n == 0:
        return None
    r = n % (m + 1)
    if r:
        return any_of([n - r], random)
    scored = []
    for t in (1, m, 1 + below(mix(random, 40), m)):
        reply_take = m - t + 1
        own = 3 if reply_take == 1 or reply_take == m else 1
        scored.append((n - t, own))
    return pick(scored, random)


# ---------------------------------------------------------------- Fibonacci nim

def zeckendorf_terms(n):
    """The Zeckendorf terms of n, smallest first."""
    fibs = [1, 2]
    while fibs[-1] + fibs[-2] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    terms = []
    for v in reversed(fibs):
        if v <= n:
            terms.append(v)
            n -= v
    return terms[::-1]


def winning_takes(n, limit):
    """`opponent::winning_takes`: smallest first, empty exactly when lost."""
    most = min(limit, n)
    ts = zeckendorf_terms(n) if n > 0 else []
    out = []
    taken = 0
    for j, t in enumerate(ts):
        taken += t
        if taken > most:
            break
        if j + 1 < len(ts) and ts[j + 1] <= 2 * taken:
            continue
        out.append(taken)
    return out


def fib_choose(p, random):
    n, limit = p
    if not (n > 0 and limit > 0):
        return None
    winning = [(n - t, 2 * t) for t in winning_takes(n, limit)]
    if winning:
        return any_of(winning, random)
    most = min(limit, n)
    low = most - most // 4
    takes = [most, low + below(mix(random, 50), most - low + 1),
             low + below(mix(random, 51), most - low + 1)]
    scored = []
    for t in takes:
        if not 1 <= t <= most:
            continue
        q = (n - t, 2 * t)
        worst = None
        for w in winning_takes(q[0], q[1]):
            r0 = q[0] - w
            if r0 == 0:
                own = 1
            elif w == 1 or w == min(q[1], q[0]):
                own = 4
            else:
                own = 2 + w.bit_length() // 16
            worst = own if worst is None else min(worst, own)
        scored.append((q, worst or 0))
    return pick(scored, random)


# ---------------------------------------------------------------- the games on the wire

class Illegal(Exception):
    pass


FIELDS = {"wythoff": 2, "euclid": 2, "bash": 1, "fib": 1}[GAME]
MOVE_WORDS = {
    "wythoff": "two piles, the position after your move",
    "euclid": "two numbers, the position after your move",
    "bash": "one number, the stones you take",
    "fib": "one number, the stones you take",
}[GAME]
SENTINEL = b"0 0" if FIELDS == 2 else b"0"


class Board:
    """The position of the game in play (Bash also keeps m)."""

    def __init__(self, start):
        if GAME == "bash":
            self.pos, self.m = start
        elif GAME == "fib":
            self.pos = (start[0], start[0] - 1)
        else:
            self.pos = tuple(start)

    def has_move(self, p):
        if GAME == "wythoff":
            return p != (0, 0)
        if GAME == "euclid":
            return p[0] != 0 and p[1] != 0
        if GAME == "bash":
            return p > 0
        return p[0] > 0 and p[1] > 0

    def lost(self, p):
        if GAME == "wythoff":
            return is_p_position(*p)
        if GAME == "euclid":
            return euclid_lost(p)
        if GAME == "bash":
            return p % (self.m + 1) == 0
        return not winning_takes(*p)

    def winning(self, p):
        if GAME == "wythoff":
            return wythoff_winning(p)
        if GAME == "euclid":
            return euclid_winning(p)
        if GAME == "bash":
            r = p % (self.m + 1)
            return [p - r] if r else []
        return [(p[0] - t, 2 * t) for t in winning_takes(*p)]

    def apply(self, p, nums):
        if GAME == "wythoff":
            return wythoff_apply(p, nums)
        if GAME == "euclid":
            return euclid_apply(p, nums)
        t = nums[0]
        n, limit = (p, self.m) if GAME == "bash" else p
        most = min(limit, n)
        if t == 0 or t > most:
            raise Illegal("a move takes 1 to %d stones" % most)
        return n - t if GAME == "bash" else (n - t, 2 * t)

    def choose(self, p, random):
        if GAME == "wythoff":
            return wythoff_choose(p, random)
        if GAME == "euclid":
            return euclid_choose(p, random)
        if GAME == "bash":
            return bash_choose(p, self.m, random)
        return fib_choose(p, random)

    def line(self, p, to):
        if FIELDS == 2:
            return "%d %d" % to
        return str(p - to) if GAME == "bash" else str(p[0] - to[0])

    def show(self, p):
        if FIELDS == 2:
            return "(%d, %d)" % p
        n, limit = (p, self.m) if GAME == "bash" else p
        return "%d stones (take 1 to %d)" % (n, min(limit, n))


def start_line(start):
    return " ".join(str(v) for v in start)


def winning_side_first(start):
    b = Board(start)
    return not b.lost(b.pos)


def ply_cap(start):
    if GAME == "wythoff":
        return 2 * max(start).bit_length() + 1
    if GAME == "euclid":
        big, small = max(start), min(start)
        steps = 0
        while small > 0:
            big, small = small, big % small
            steps += 1
        return 2 * steps
    if GAME == "bash":
        n, m = start
        return 2 * (n // (m + 1)) + 1
    return min(start[0], FIB_PLY_CAP)


def number(token):
    """The value of a token, or why it is not a number (`referee::number`)."""
    if not token:
        return None, "an empty token"
    if token[:1] == b"-" and len(token) > 1 and token[1:].isdigit() and token[1:].isascii():
        return None, "a negative number"
    if not (token.isascii() and token.isdigit()):
        return None, "not a number written in decimal digits"
    if len(token) > 1 and token[:1] == b"0":
        return None, "a number with a leading zero"
    if len(token) > 20 or int(token) > MASK:
        return None, "a number beyond 18446744073709551615"
    return int(token), None


def excerpt(raw):
    shown = raw[:TOKEN_BYTES].decode("utf-8", "backslashreplace")
    shown = "".join(c if c.isprintable() else "\\x%02x" % ord(c) if ord(c) < 256 else c for c in shown)
    return shown + ("..." if len(raw) > TOKEN_BYTES else "")


# ---------------------------------------------------------------- the referee

class Referee:
    """`interact::Referee`: bytes in (`feed`, `finish`), lines out (`output`)."""

    def __init__(self, starts, seed):
        self.starts = starts
        self.rng = SplitMix64(seed)
        self.out = bytearray(b"%d\n" % len(starts))
        self.line = b""
        self.game = 0
        self.board = None
        self.ply = 0
        self.plies = 0
        self.won = 0
        self.judgement = None
        self.send_start()

    # -- what the runner sees

    def output(self):
        out, self.out = bytes(self.out), bytearray()
        return out

    def status(self):
        if self.judgement is not None:
            return ("decided",)
        if self.game >= len(self.starts):
            return ("end",)
        if self.board is None:
            return ("side", self.game + 1)
        return ("move", self.game + 1, self.ply + 1)

    def feed(self, data):
        i0 = 0
        while i0 < len(data) and self.judgement is None:
            i = data.find(b"\n", i0)
            if i >= 0:
                seg = i - i0
                cr = self.line.endswith(b"\r") if seg == 0 else data[i - 1] == 13
                if len(self.line) + seg - cr > MAX_LINE:
                    self.line += data[i0:i0 + min(seg, TOKEN_BYTES)]
                    self.too_long()
                    return
                line = self.line + data[i0:i]
                self.line = b""
                i0 = i + 1
                self.judge_line(line)
            else:
                rest = len(data) - i0
                if len(self.line) + rest > MAX_LINE + 1:
                    keep = min(max(TOKEN_BYTES - len(self.line), 0), rest)
                    self.line += data[i0:i0 + keep]
                    self.too_long()
                    return
                self.line += data[i0:]
                i0 = len(data)

    def finish(self):
        if self.judgement is None and self.line:
            line, self.line = self.line, b""
            self.judge_line(line)
        if self.judgement is None:
            status = self.status()
            if status[0] == "end":
                self.judgement = ("AC", None, "won all %d games in %d plies" % (len(self.starts), self.plies))
            elif status[0] == "side":
                self.decide("EndOfOutput", status[1], 0,
                            "the output ended while the judge waited for First or Second")
            elif status[0] == "move":
                self.decide("EndOfOutput", status[1], status[2],
                            "the output ended while the judge waited for " + MOVE_WORDS)
        return self.judgement

    # -- inside

    def place(self):
        s = self.status()
        if s[0] == "move":
            return s[1], s[2]
        if s[0] == "side":
            return s[1], 0
        return min(self.game, len(self.starts)), self.ply

    def too_long(self):
        game, ply = self.place()
        self.decide("LineTooLong", game, ply, "a line longer than %d bytes, starting `%s`"
                    % (MAX_LINE, excerpt(self.line[:TOKEN_BYTES])))

    def decide(self, kind, game, ply, text, verdict="WA"):
        if self.judgement is not None:
            return
        if kind != "OutputAfterEnd":
            self.out += b"-1\n"
        where = "game %d, ply %d: " % (game, ply) if game else ""
        self.judgement = (verdict, (kind, game, ply), where + text)

    def send(self, line):
        self.out += line.encode() + b"\n"

    def send_start(self):
        self.send(start_line(self.starts[self.game]))
        self.board = None
        self.ply = 0

    def game_won(self):
        self.out += SENTINEL + b"\n"
        self.won += 1
        self.game += 1
        self.board = None
        if self.game < len(self.starts):
            self.send_start()

    def judge_line(self, raw):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        tokens = [t for t in raw.replace(b"\t", b" ").split(b" ") if t]
        if not tokens:
            return
        status = self.status()
        if status[0] == "end":
            self.decide("OutputAfterEnd", 0, 0, "output after the last game: `%s`" % excerpt(raw))
        elif status[0] == "side":
            self.side(status[1], raw, tokens)
        elif status[0] == "move":
            self.contestant(status[1], status[2], raw, tokens)

    def side(self, game, raw, tokens):
        if tokens == [b"First"]:
            first = True
        elif tokens == [b"Second"]:
            first = False
        else:
            return self.decide("Malformed", game, 0, "expected `First` or `Second`, found `%s`: "
                               "not one of the two words, spelt exactly so" % excerpt(raw))
        start = self.starts[self.game]
        if first != winning_side_first(start):
            return self.decide("WrongSide", game, 0, "chose %s from `%s`, but the other side wins"
                               % ("First" if first else "Second", start_line(start)))
        board = Board(start)
        if first:
            self.board = board
            return
        if not board.has_move(board.pos):
            return self.game_won()
        random = self.rng.next()
        to = board.choose(board.pos, random)
        if to is None:
            return self.game_won()
        line = board.line(board.pos, to)
        board.pos = to
        self.board = board
        self.ply = 1
        self.plies += 1
        self.send(line)

    def contestant(self, game, ply, raw, tokens):
        board = self.board
        if len(tokens) != FIELDS:
            return self.decide("Malformed", game, ply, "expected %s, found `%s`: %d tokens instead of %d"
                               % (MOVE_WORDS, excerpt(raw), len(tokens), FIELDS))
        nums = []
        for t in tokens:
            v, why = number(t)
            if why is not None:
                return self.decide("Malformed", game, ply, "expected %s, found `%s`: `%s` is %s"
                                   % (MOVE_WORDS, excerpt(raw), excerpt(t), why))
            nums.append(v)
        random = self.rng.next()
        before = board.pos
        try:
            to = board.apply(before, nums)
        except Illegal as e:
            return self.decide("IllegalMove", game, ply, "`%s` is not a legal move from %s: %s"
                               % (excerpt(raw), board.show(before), e))
        if not board.has_move(to):
            board.pos = to
            self.plies += 1
            return self.game_won()
        if not board.lost(to):
            reply = (board.winning(to) or [to])[0]
            return self.decide("LosingMove", game, ply,
                               "the move from %s to %s loses: the judge answers `%s`, to %s, a lost position for you"
                               % (board.show(before), board.show(to), board.line(to, reply), board.show(reply)))
        board.pos = to
        answer = board.choose(to, random)
        if answer is None:
            self.plies += 1
            return self.game_won()
        line = board.line(to, answer)
        board.pos = answer
        self.ply += 2
        self.plies += 2
        self.send(line)
        cap = ply_cap(self.starts[self.game])
        if self.ply + 1 > cap:
            if GAME == "fib":
                self.decide("TooSlow", game, 0, "not over after %d plies, the most a game may last "
                            "(take more stones at a time)" % cap)
            else:
                self.decide("Judge", 0, 0, "judge error: game %d passed its proved bound of %d plies"
                            % (game, cap), verdict="FAIL")


# ---------------------------------------------------------------- the run

def read_test(path):
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    count, seed = (int(v) for v in lines[0].split())
    starts = [tuple(int(v) for v in lines[1 + i].split()) for i in range(count)]
    return starts, seed


def main():
    if len(sys.argv) < 4:
        sys.stderr.write("usage: interactor input answer feedback_dir < contestant_output > contestant_input\n")
        sys.exit(1)
    starts, seed = read_test(sys.argv[1])
    feedback = sys.argv[3]
    referee = Referee(starts, seed)
    out_fd = 1
    out_open = True

    def send():
        nonlocal out_open
        data = referee.output()
        while data and out_open:
            try:
                n = os.write(out_fd, data)
                data = data[n:]
            except OSError:  # the contestant has gone: keep judging its output
                out_open = False
        # After the last game the contestant's input stays open (problemtools'
        # runner keeps its own end of that pipe until this interactor exits
        # anyway): a contestant that reads on waits and meets the time limit,
        # here as under `judge run`; the statement tells it to exit instead.

    send()
    while referee.judgement is None:
        try:
            chunk = os.read(0, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            break
        referee.feed(chunk)
        send()
    decided_before_end = referee.judgement is not None
    referee.finish()
    send()
    verdict, mistake, text = referee.judgement
    kind, game, ply = mistake if mistake else ("None", 0, 0)
    if mistake:
        message = "%s: %s (won %d of %d games)" % (verdict, text, referee.won, len(starts))
    else:
        message = "%s: %s" % (verdict, text)
    summary = "verdict=%s mistake=%s game=%d ply=%d won=%d games=%d plies=%d decided=%s" % (
        verdict, kind, game, ply, referee.won, len(starts), referee.plies,
        "before-end" if decided_before_end else "at-end")
    with open(os.path.join(feedback, "judgemessage.txt"), "w") as f:
        f.write(message + "\n" + summary + "\n")
    sys.exit({"AC": 42, "WA": 43}.get(verdict, 1))


if __name__ == "__main__":
    main()
