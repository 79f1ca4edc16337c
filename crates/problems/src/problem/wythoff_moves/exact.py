# HDU 2177 exactly, integers only: floor(k*phi) = (k + isqrt(5 k^2)) // 2.
# partner(n) is the other number of the P-position that contains n.
import math
import sys


def lower(k):
    return (k + math.isqrt(5 * k * k)) // 2


def partner(n):
    if n == 0:
        return 0
    k0 = (math.isqrt(5 * n * n) - n) // 2  # floor(n / phi)
    for k in range(max(k0 - 2, 0), k0 + 3):
        if lower(k) == n:
            return n + k
    for j in range(max(n - k0 - 3, 1), n - k0 + 3):
        if lower(j) + j == n:
            return lower(j)


out = []
data = sys.stdin.buffer.read().split()
for i in range(0, len(data) - 1, 2):
    a, b = sorted((int(data[i]), int(data[i + 1])))
    if a == 0 and b == 0:
        break
    k = b - a
    if lower(k) == a:
        out.append("0")
        continue
    out.append("1")
    if lower(k) < a:
        out.append("%d %d" % (lower(k), lower(k) + k))
    moves = set()
    p = partner(a)
    if p < b:
        moves.add((min(a, p), max(a, p)))
    p = partner(b)
    if p < a:
        moves.add((p, b))
    for x, y in sorted(moves):
        out.append("%d %d" % (x, y))
sys.stdout.write("".join(x + "\n" for x in out))
