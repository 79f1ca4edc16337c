# POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi), k = b - a,
# and floor(k*phi) = (k + isqrt(5 k^2)) // 2 in integers.
import math
import sys

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    a, b = sorted((int(data[i]), int(data[i + 1])))
    k = b - a
    out.append("0" if (k + math.isqrt(5 * k * k)) // 2 == a else "1")
sys.stdout.write("".join(x + "\n" for x in out))
