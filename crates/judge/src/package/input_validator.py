# The strict input validator (Kattis interface: the input on standard input,
# exit 42 if it is valid, 43 with a message if not). Self-contained, Python 3.
#
# It accepts exactly what `judge validate` accepts: numbers written `0` or
# without leading zeros, no sign; the numbers of a line separated by single
# spaces; every line, the last one included, ended by a single line feed (no
# carriage return, tab, trailing space or blank line); the framing and the
# ranges of the problem description above.
import re
import sys

NUMBER = re.compile(rb"0|[1-9][0-9]*")


class Invalid(Exception):
    pass


def numbers(lines, i, count, what):
    line = lines[i]
    parts = line.split(b" ")
    if len(parts) != count or not all(NUMBER.fullmatch(p) for p in parts):
        raise Invalid("line %d: expected %s (%d number%s separated by single spaces), found %r"
                      % (i + 1, what, count, "" if count == 1 else "s", line[:40]))
    # Longer than 30 digits is out of every range here (and int() of huge
    # strings is refused by Python).
    return [int(p) if len(p) <= 30 else 10 ** 30 for p in parts]


def in_range(i, name, value, lo, hi):
    if not lo <= value <= hi:
        raise Invalid("line %d: %s must be from %d to %d, found %d" % (i + 1, name, lo, hi, value))


def check_case(lines, i):
    values = numbers(lines, i, len(FIELDS), "a case")
    for (name, lo, hi), v in zip(FIELDS, values):
        in_range(i, name, v, lo, hi)
    if RELATION == "first-at-most-second" and values[0] > values[1]:
        raise Invalid("line %d: expected %s <= %s" % (i + 1, FIELDS[0][0], FIELDS[1][0]))


def check(data):
    if not data.endswith(b"\n"):
        raise Invalid("the input must be non-empty and end with a line feed")
    lines = data[:-1].split(b"\n")
    if FRAMING == "counted":
        (count,) = numbers(lines, 0, 1, COUNT_NAME)
        in_range(0, COUNT_NAME, count, 1, COUNT_MAX)
        if len(lines) != count + 1:
            raise Invalid("expected %d case lines after the count, found %d" % (count, len(lines) - 1))
        cases = range(1, len(lines))
    elif FRAMING == "terminator":
        last = len(lines) - 1
        if numbers(lines, last, len(FIELDS), "the terminator") != [0] * len(FIELDS):
            raise Invalid("line %d: expected the terminator (every number 0) as the last line" % (last + 1))
        cases = range(last)
        for i in cases:
            if numbers(lines, i, len(FIELDS), "a case") == [0] * len(FIELDS):
                raise Invalid("line %d: the terminator must be the last line" % (i + 1))
    else:
        cases = range(len(lines))
    for i in cases:
        check_case(lines, i)


def main():
    try:
        check(sys.stdin.buffer.read())
    except Invalid as e:
        print(e)
        sys.exit(43)
    sys.exit(42)


if __name__ == "__main__":
    main()
