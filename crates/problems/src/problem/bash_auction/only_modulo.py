# A classic slip: forgets that when M <= N every bid from M to N wins.
import sys

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    m, n = int(data[i]), int(data[i + 1])
    r = m % (n + 1)
    out.append("none" if r == 0 else str(r))
sys.stdout.write("".join(x + "\n" for x in out))
