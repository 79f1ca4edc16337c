# Reads its input, complains, exits with a non-zero code.
import sys

sys.stdin.read()
sys.stderr.write("Traceback (most recent call last):\nValueError: something went wrong\n")
sys.exit(3)
