# Correct but slow: walks the P-positions (floor(k*phi), floor(k*phi) + k) from
# k = 0 until the smaller pile is reached, for every case.
import math
import sys

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    a, b = sorted((int(data[i]), int(data[i + 1])))
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
    out.append("0" if lose else "1")
sys.stdout.write("".join(x + "\n" for x in out))
