#!/usr/bin/env python3
# Output validator of wythoff-moves (HDU 2177), Kattis interface:
#   validate.py INPUT ANSWER FEEDBACK_DIR [flags...] < team_output
# exit 42 accepted, 43 wrong answer, with the reason in FEEDBACK_DIR/judgemessage.txt.
#
# The expected winning moves are computed exactly from INPUT (integers only:
# floor(k*phi) = (k + isqrt(5 k^2)) // 2), so ANSWER is not needed. The output
# is read line by line, as `judge check` reads it: a case is a line `0` for a
# losing position, or a line `1` followed by every winning move as a line `x y`
# (x <= y, the resulting position): the move taking equally from both piles
# first (when it wins), then the single-pile moves in any order.
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


U64_MAX = 2 ** 64 - 1


def unsigned(t):
    """An unsigned integer as testlib reads one: digits only, no leading zero, at most 2^64 - 1."""
    if not t or not t.isdigit() or (len(t) > 1 and t[:1] == b"0") or len(t) > 20:
        return None
    v = int(t)
    return v if v <= U64_MAX else None


def judge(input_text, team):
    # Lines of tokens (space, tab, CR separate tokens), empty lines skipped.
    lines = [l.replace(b"\t", b" ").replace(b"\r", b" ").split() for l in team.split(b"\n")]
    lines = [l for l in lines if l]
    pos = 0
    n = 0
    for n, (a, b) in enumerate(cases(input_text), 1):
        expected = winning_moves(a, b)
        if pos >= len(lines):
            raise Wrong("case %d (%d %d): the output ends before it" % (n, a, b))
        # A case: its first line, then every following line of two or more tokens.
        got = [lines[pos]]
        pos += 1
        while pos < len(lines) and len(lines[pos]) >= 2:
            got.append(lines[pos])
            pos += 1
        header = got[0]
        if len(header) != 1 or header[0] not in (b"0", b"1"):
            raise Wrong("case %d (%d %d): a case starts with a line 0 or 1" % (n, a, b))
        listed = []
        for l in got[1:]:
            xy = [unsigned(t) for t in l]
            if len(l) != 2 or None in xy:
                raise Wrong("case %d (%d %d): a move is a line of two integers x y" % (n, a, b))
            listed.append(tuple(xy))
        if expected is None:
            right = header[0] == b"0" and not listed
        else:
            both, singles = expected
            want = ([both] if both is not None else []) + sorted(singles)
            right = header[0] == b"1" and len(listed) == len(want)
            if right and both is not None:
                right = listed[0] == both
                listed = listed[1:]
            right = right and sorted(listed) == sorted(singles)
        if not right:
            raise Wrong("case %d (%d %d): wrong answer or moves" % (n, a, b))
    if pos < len(lines):
        raise Wrong("extra output after the %d cases" % n)
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
