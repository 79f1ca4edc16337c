# The classic float solution of POJ 1067: wrong at k = 102334155 and other k.
import math
import sys

out = []
data = sys.stdin.buffer.read().split()
for i in range(0, len(data) - 1, 2):
    a, b = int(data[i]), int(data[i + 1])
    if a > b:
        a, b = b, a
    k = b - a
    out.append("0" if int(k * (1 + math.sqrt(5)) / 2) == a else "1")
sys.stdout.write("\n".join(out) + ("\n" if out else ""))
