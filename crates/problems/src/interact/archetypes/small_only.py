# Exact while every number is below 10^6; beyond, it guesses: `First`, one
# stone (or one step) at a time.
SMALL = 10 ** 6


def small(pos):
    return all(v < SMALL for v in (pos if isinstance(pos, tuple) else (pos,)))


def sside(pos, state):
    return exact_side(pos, state) if small(pos) else True


def smove(pos, state):
    if small(pos):
        return exact_move(pos, state)
    if GAME in ("wythoff", "euclid"):
        a, b = pos
        to = euclid_moves(a, b)[-1] if GAME == "euclid" else ((a - 1, b) if a else (a, b - 1))
        return "%d %d" % to, to, 0
    return "1", pos - 1, 1


run(sside, smove)
