# Correct but slow: tries every move from (a, b) and tests each resulting
# position by walking the P-positions from k = 0.
import math
import sys


def losing(x, y):
    x, y = min(x, y), max(x, y)
    k = 0
    while True:
        lo = (k + math.isqrt(5 * k * k)) // 2
        if lo > x:
            return False
        if lo == x and lo + k == y:
            return True
        k += 1


out = []
data = sys.stdin.buffer.read().split()
for i in range(0, len(data) - 1, 2):
    a, b = sorted((int(data[i]), int(data[i + 1])))
    if a == 0 and b == 0:
        break
    if losing(a, b):
        out.append("0")
        continue
    out.append("1")
    for t in range(1, a + 1):
        if losing(a - t, b - t):
            out.append("%d %d" % (a - t, b - t))
    moves = set()
    for y in range(b):
        if losing(a, y):
            moves.add((min(a, y), max(a, y)))
    for x in range(a):
        if losing(x, b):
            moves.add((x, b))
    for x, y in sorted(moves):
        out.append("%d %d" % (x, y))
sys.stdout.write("".join(x + "\n" for x in out))
