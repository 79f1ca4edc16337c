# The exact strategy for the first game, then it exits.
games = {"n": 0}
real_readline = sys.stdin.readline


def counting_side(pos, state):
    games["n"] += 1
    if games["n"] == 2:
        sys.exit(0)
    return exact_side(pos, state)


run(counting_side, exact_move)
