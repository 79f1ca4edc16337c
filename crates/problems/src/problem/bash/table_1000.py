# Off by one at the top: a table of 1000 entries win[0..999] for n <= 1000, so n = 1000 raises IndexError (RE).
import sys

data = sys.stdin.buffer.read().split()
c = int(data[0])
out = []
for i in range(c):
    n, m = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    win = [k % (m + 1) != 0 for k in range(1000)]
    out.append("first" if win[n] else "second")
print("\n".join(out))
