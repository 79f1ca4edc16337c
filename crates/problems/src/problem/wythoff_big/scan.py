# Correct but slow: walks the P-positions (floor(k*phi), floor(k*phi) + k) from
# k = 0 until the smaller pile is reached, for every case.
import math
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    a, b = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])))
    k = 0
    lose = False
    while True:
        lo = (k + math.isqrt(5 * k * k)) // 2
        if lo > a:
            break
        if lo == a and lo + k == b:
            lose = True
            break
        k += 1
    out.append("B" if lose else "A")
sys.stdout.write("".join(x + "\n" for x in out))
