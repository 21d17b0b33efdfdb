"""A command judge that never answers: it starts a grandchild and both sleep. `sleepy.py PIDFILE`
writes both process ids so a test can check that a timeout killed the whole process group."""
import subprocess
import sys
import time

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
with open(sys.argv[1], "w") as f:
    f.write(f"{child.pid}\n")
time.sleep(120)
