# Correct but slow: the game searched over (stones, limit), without the
# theorem (the first player loses iff n is a Fibonacci number). A position is
# won if some take leads to a lost one; the search runs on an explicit stack
# (no recursion limit) and remembers only positions of at most SMALL stones,
# so its memory stays bounded however long it runs: exponential in n beyond
# that, and right on every n.
import sys

SMALL = 64
memo = {}


def wins(n, m):
    """Whether the player to move wins with n stones, taking 1..m of them."""
    stack = [[n, m, min(n, m)]]  # stones, limit, the take tried (largest first)
    ret = None  # the result of the position just left, if any
    while stack:
        frame = stack[-1]
        s, limit, t = frame
        if ret is not None:
            if ret:
                # Taking t leads to a won position for the opponent: try less.
                t -= 1
                frame[2] = t
                ret = None
            else:
                ret = True
        if ret is None:
            if t == s:
                ret = True
            elif t == 0:
                ret = False
            else:
                child = (s - t, 2 * t)
                if child in memo:
                    ret = memo[child]
                    continue
                stack.append([s - t, 2 * t, min(s - t, 2 * t)])
                continue
        stack.pop()
        if s <= SMALL:
            memo[(s, limit)] = ret
    return ret


out = []
for tok in sys.stdin.buffer.read().split():
    n = int(tok)
    if n == 0:
        break
    # The first player may take anything but all of them.
    out.append("First win" if wins(n, n - 1) else "Second win")
sys.stdout.write("".join(x + "\n" for x in out))
