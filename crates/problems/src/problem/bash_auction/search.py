# Correct but slow: the game tree searched without memory. The bidder to move
# at price p wins if some raise reaches M or leaves the other bidder losing
# (exponential in M).
import sys

sys.setrecursionlimit(10000)


def wins(p, m, n):
    return any(p + r >= m or not wins(p + r, m, n) for r in range(1, n + 1))


data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    m, n = int(data[i]), int(data[i + 1])
    bids = [b for b in range(1, n + 1) if b >= m or not wins(b, m, n)]
    out.append(" ".join(map(str, bids)) if bids else "none")
sys.stdout.write("".join(x + "\n" for x in out))
