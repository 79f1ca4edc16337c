# expect: OLE
# Writes gigabytes of output.
yes 0
