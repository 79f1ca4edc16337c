# expect: MLE
# time limit: 10
# Allocates and touches 2 GiB.
import sys
b = bytearray(2 << 30)
for i in range(0, len(b), 4096):
    b[i] = 1
print(0)
