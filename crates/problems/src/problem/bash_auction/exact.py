# HDU 2149: if M <= N every bid from M to N wins at once; else the only
# winning bid leaves a multiple of N + 1, i.e. M mod (N + 1), unless that is 0.
import sys

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    m, n = int(data[i]), int(data[i + 1])
    if m <= n:
        out.append(" ".join(str(b) for b in range(m, n + 1)))
    elif m % (n + 1) == 0:
        out.append("none")
    else:
        out.append(str(m % (n + 1)))
sys.stdout.write("".join(x + "\n" for x in out))
