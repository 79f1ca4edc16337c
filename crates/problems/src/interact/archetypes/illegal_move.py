# The right side, then an illegal first move: a pile grows, or a take beyond the limit.
def illegal(pos, state):
    if GAME in ("wythoff", "euclid"):
        to = (pos[0] + 1, pos[1])
        return "%d %d" % to, to, 0
    most = state["m"] if GAME == "bash" else state["limit"]
    return str(most + 1), pos - most - 1, most + 1


run(exact_side, illegal)
