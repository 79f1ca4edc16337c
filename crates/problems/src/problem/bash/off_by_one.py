# A classic slip: the period is m + 1, not m.
import sys

data = sys.stdin.buffer.read().split()
c = int(data[0])
out = []
for i in range(c):
    n, m = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    out.append("second" if n % m == 0 else "first")
sys.stdout.write("".join(x + "\n" for x in out))
