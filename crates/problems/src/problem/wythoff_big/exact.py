# 51nod 1185: (a, b) with a <= b is losing iff a = floor(k*phi), k = b - a,
# and floor(k*phi) = (k + isqrt(5 k^2)) // 2 in integers.
import math
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    a, b = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])))
    k = b - a
    out.append("B" if (k + math.isqrt(5 * k * k)) // 2 == a else "A")
sys.stdout.write("".join(x + "\n" for x in out))
