# A 27-digit decimal constant at 10^18: phi = 1.61803398874989484820458683 in Decimal (products exact at 60 digits) is short by 4.4e-27, so k * phi falls below floor(k * phi) at large odd-index Fibonacci k (from F(65) = 17167680177565 on).
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
PHI = Decimal("1.61803398874989484820458683")
data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    a, b = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])))
    out.append("B" if int((b - a) * PHI) == a else "A")
print("\n".join(out))
