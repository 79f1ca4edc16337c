# The right side, then random legal moves.
rng = random.Random(7)


def random_move(pos, state):
    if GAME == "wythoff":
        to = rng.choice(wythoff_moves(*pos))
        return "%d %d" % to, to, 0
    if GAME == "euclid":
        to = rng.choice(euclid_moves(*pos))
        return "%d %d" % to, to, 0
    most = min(pos, state["m"] if GAME == "bash" else state["limit"])
    take = rng.randint(1, most)
    return str(take), pos - take, take


run(exact_side, random_move)
