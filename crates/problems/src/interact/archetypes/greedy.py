# The right side, then the greediest move: take the most there is to take.
def greedy(pos, state):
    a, b = pos if GAME in ("wythoff", "euclid") else (0, 0)
    if GAME == "wythoff":
        to = (0, b) if a >= b else (a, 0)
        return "%d %d" % to, to, 0
    if GAME == "euclid":
        to = (a, b % a) if b >= a else (a % b, b)
        return "%d %d" % to, to, 0
    take = min(pos, state["m"] if GAME == "bash" else state["limit"])
    return str(take), pos - take, take


run(exact_side, greedy)
