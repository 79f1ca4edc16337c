# expect: AC
# time limit: 10
# Leaves a directory chain 1 000 deep in its working directory, ending in a
# link to / and an unreadable level, then answers right: the judge must remove
# it all (a recursive removal overflowed its stack at 16 000) and give the
# verdict. Under Landlock each level costs a walk up the chain, so the chain
# stays short here; the cleanup's own test goes 20 000 deep.
import os

for _ in range(1000):
    os.mkdir("d")
    os.chdir("d")
os.symlink("/", "root")
os.chmod(".", 0)
print(0)
