# End of input: reads lines with input() until the first empty one, so it dies with EOFError at the end of the input.
import math

while True:
    a, b = map(int, input().split())
    if a > b:
        a, b = b, a
    k = b - a
    print(0 if (k + math.isqrt(5 * k * k)) // 2 == a else 1)
