# The input validator of an interactive game problem (Kattis interface: the
# test on standard input, exit 42 if it is valid, 43 with a message if not).
# It accepts exactly what `judge validate` (`interact::starts::parse`)
# accepts: `T S` (1 <= T <= 1000 games, S the opponent's seed, any u64), then
# T starts, one a line; numbers written `0` or without leading zeros, no
# sign; single spaces; every line ended by a single line feed; each start
# within its game's limits, and the games' ply caps adding up to at most
# 250000. `GAME` is written above this text by `judge package`.
import re
import sys

NUMBER = re.compile(rb"0|[1-9][0-9]*")
U64 = (1 << 64) - 1
MAX_GAMES = 1000
MAX_NUMBER = 10 ** 18
MAX_PLIES = 250000
BASH_MAX_ROUNDS = 100
FIB_PLY_CAP = 400


def invalid(why):
    sys.stdout.write(why + "\n")
    sys.exit(43)


def numbers(line, count, line_no, what):
    parts = line.split(b" ")
    if len(parts) != count:
        invalid("line %d: expected %s, found %r" % (line_no, what, line[:64]))
    values = []
    for p in parts:
        if not NUMBER.fullmatch(p) or len(p) > 20 or int(p) > U64:
            invalid("line %d: expected %s, found %r" % (line_no, what, p[:64]))
        values.append(int(p))
    return values


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


def check(start, line_no):
    if max(start) > MAX_NUMBER:
        invalid("line %d: a number is more than 10^18" % line_no)
    if GAME == "bash":
        n, m = start
        if m == 0:
            invalid("line %d: the largest take m must be at least 1" % line_no)
        if n // (m + 1) > BASH_MAX_ROUNDS:
            invalid("line %d: n/(m + 1) is more than 100" % line_no)
    if GAME == "fib" and start[0] < 2:
        invalid("line %d: Fibonacci nim needs at least 2 stones" % line_no)


def main():
    text = sys.stdin.buffer.read()
    if not text.endswith(b"\n"):
        invalid("the file does not end with a newline")
    lines = text[:-1].split(b"\n")
    count, _seed = numbers(lines[0], 2, 1, "`T S`, the games and the seed")
    if count == 0 or count > MAX_GAMES:
        invalid("%d games: a test has 1 to %d" % (count, MAX_GAMES))
    fields = 1 if GAME == "fib" else 2
    if len(lines) < count + 1:
        invalid("line %d: expected a start, found end of file" % (len(lines) + 1))
    if len(lines) > count + 1:
        invalid("line %d: expected end of file" % (count + 2))
    plies = 0
    for i in range(count):
        start = numbers(lines[1 + i], fields, i + 2, "a start")
        check(start, i + 2)
        plies += ply_cap(start)
    if plies > MAX_PLIES:
        invalid("the games may last %d plies in all, more than %d" % (plies, MAX_PLIES))
    sys.exit(42)


main()
