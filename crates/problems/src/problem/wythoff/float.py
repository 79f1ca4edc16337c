# The classic float solution of POJ 1067: floor(k*phi) in doubles. Wrong at
# k = 102334155 and other k the hack tests contain.
import math
import sys

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    a, b = sorted((int(data[i]), int(data[i + 1])))
    k = b - a
    out.append("0" if int(k * (1 + math.sqrt(5)) / 2) == a else "1")
sys.stdout.write("".join(x + "\n" for x in out))
