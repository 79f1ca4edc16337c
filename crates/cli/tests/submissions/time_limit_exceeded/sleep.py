# Never answers in time.
import time

time.sleep(30)
