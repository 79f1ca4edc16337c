# POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi), k = b - a.
# floor(k*phi) = floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) // 2, integers only.
import math
import sys

out = []
data = sys.stdin.buffer.read().split()
for i in range(0, len(data) - 1, 2):
    a, b = int(data[i]), int(data[i + 1])
    if a > b:
        a, b = b, a
    k = b - a
    out.append("0" if (k + math.isqrt(5 * k * k)) // 2 == a else "1")
sys.stdout.write("\n".join(out) + ("\n" if out else ""))
