# Correct but slow: the game tree searched without memory; a pile wins if some
# take leads to a losing pile (exponential in n).
import sys

sys.setrecursionlimit(10000)


def wins(n, m):
    return any(not wins(n - t, m) for t in range(1, min(m, n) + 1))


data = sys.stdin.buffer.read().split()
c = int(data[0])
out = []
for i in range(c):
    n, m = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    out.append("first" if wins(n, m) else "second")
sys.stdout.write("".join(x + "\n" for x in out))
