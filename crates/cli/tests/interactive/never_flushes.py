# expect: TLE
import sys
sys.stdin.readline()
sys.stdin.readline()
sys.stdout.write("Second\n")  # never flushed: the judge never sees it
sys.stdin.readline()
