# Prints forever.
import sys

line = "1\n" * 65536
while True:
    sys.stdout.write(line)
