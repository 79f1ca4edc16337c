# End of input: reads lines with input() forever, so it dies with EOFError at the end of the input.
while True:
    m, n = map(int, input().split())
    if m <= n:
        print(" ".join(map(str, range(m, n + 1))))
    elif m % (n + 1) == 0:
        print("none")
    else:
        print(m % (n + 1))
