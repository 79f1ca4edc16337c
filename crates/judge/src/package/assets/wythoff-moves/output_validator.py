#!/usr/bin/env python3
# Output validator of wythoff-moves (HDU 2177), Kattis interface:
#   validate.py INPUT ANSWER FEEDBACK_DIR [flags...] < team_output
# exit 42 accepted, 43 wrong answer, with the reason in FEEDBACK_DIR/judgemessage.txt.
#
# The expected winning moves are computed exactly from INPUT (integers only:
# floor(k*phi) = (k + isqrt(5 k^2)) // 2), so ANSWER is not needed. The output
# is read as whitespace-separated tokens. Per case: `0` for a losing position;
# else `1`, then every winning move as the resulting position `x y` (x <= y):
# the move taking equally from both piles first (when it wins), then the
# single-pile moves in any order.
import math
import os
import sys


def lower(k):
    return (k + math.isqrt(5 * k * k)) // 2


def partner(n):
    """The other number of the P-position that contains n."""
    if n == 0:
        return 0
    k0 = (math.isqrt(5 * n * n) - n) // 2  # floor(n / phi)
    for k in range(max(k0 - 2, 0), k0 + 3):
        if lower(k) == n:
            return n + k
        if k > 0 and lower(k) + k == n:
            return lower(k)
    for j in range(max(n - k0 - 3, 1), n - k0 + 3):
        if lower(j) + j == n:
            return lower(j)
    raise AssertionError("no partner for %d" % n)


def winning_moves(a, b):
    """None if (a, b) is lost for the player to move, else (both, singles)."""
    if a > b:
        a, b = b, a
    k = b - a
    if lower(k) == a:
        return None
    both = None
    if lower(k) < a:
        both = (lower(k), lower(k) + k)
    singles = set()
    p = partner(a)
    if p < b:
        singles.add((min(a, p), max(a, p)))
    p = partner(b)
    if p < a:
        singles.add((min(p, b), max(p, b)))
    return both, singles


def cases(text):
    nums = [int(t) for t in text.split()]
    for i in range(0, len(nums) - 1, 2):
        a, b = nums[i], nums[i + 1]
        if a == 0 and b == 0:
            return
        yield a, b


class Wrong(Exception):
    pass


def judge(input_text, team):
    tokens = team.split()
    pos = 0

    def next_int(case, what):
        nonlocal pos
        if pos >= len(tokens):
            raise Wrong("case %d: expected %s, found end of output" % (case, what))
        t = tokens[pos]
        pos += 1
        if not t.isdigit() or len(t) > 30:
            raise Wrong("case %d: expected %s, found %r" % (case, what, t[:40]))
        return int(t)

    n = 0
    for n, (a, b) in enumerate(cases(input_text), 1):
        expected = winning_moves(a, b)
        verdict = next_int(n, "0 or 1")
        if verdict != (0 if expected is None else 1):
            raise Wrong("case %d (%d %d): expected %d, found %d" % (n, a, b, expected is not None, verdict))
        if expected is None:
            continue
        both, singles = expected
        if both is not None:
            got = (next_int(n, "x"), next_int(n, "y"))
            if got != both:
                raise Wrong("case %d (%d %d): expected the move from both piles %d %d first, found %d %d"
                            % ((n, a, b) + both + got))
        remaining = set(singles)
        for _ in range(len(singles)):
            got = (next_int(n, "x"), next_int(n, "y"))
            if got not in remaining:
                raise Wrong("case %d (%d %d): %d %d is not a winning single-pile move (or is repeated)"
                            % ((n, a, b) + got))
            remaining.remove(got)
    if pos < len(tokens):
        raise Wrong("extra output after the %d cases: %r" % (n, tokens[pos][:40]))
    return "ok %d cases" % n


def main():
    if len(sys.argv) < 4:
        sys.stderr.write("usage: %s INPUT ANSWER FEEDBACK_DIR < team_output\n" % sys.argv[0])
        sys.exit(1)
    with open(sys.argv[1], "rb") as f:
        input_text = f.read()
    team = sys.stdin.buffer.read()
    try:
        message, code = judge(input_text, team), 42
    except Wrong as e:
        message, code = "wrong answer " + str(e), 43
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as f:
        f.write(message + "\n")
    sys.exit(code)


if __name__ == "__main__":
    main()
