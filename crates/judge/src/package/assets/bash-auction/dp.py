# Correct but slow: the game table over every price below M, trying every
# raise 1..N (O(M N) per case).
import sys

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    m, n = int(data[i]), int(data[i + 1])
    # win[p]: the bidder to move at price p (< m) wins.
    win = [False] * (m + n + 1)
    for p in range(m - 1, -1, -1):
        w = False
        for r in range(1, n + 1):
            if p + r >= m or not win[p + r]:
                w = True
        win[p] = w
    bids = [b for b in range(1, n + 1) if b >= m or not win[b]]
    out.append(" ".join(map(str, bids)) if bids else "none")
sys.stdout.write("".join(x + "\n" for x in out))
