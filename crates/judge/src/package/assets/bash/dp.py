# Correct but slow: the game table win[i] for every pile size i <= n, trying
# every take 1..m (O(n m) per case).
import sys

data = sys.stdin.buffer.read().split()
c = int(data[0])
out = []
for i in range(c):
    n, m = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    win = [False] * (n + 1)
    for s in range(1, n + 1):
        w = False
        for t in range(1, min(m, s) + 1):
            if not win[s - t]:
                w = True
        win[s] = w
    out.append("first" if win[n] else "second")
sys.stdout.write("".join(x + "\n" for x in out))
