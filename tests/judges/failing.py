"""A command judge that fails: prints a reason on stderr and exits 2."""
import sys

sys.stdin.read()
print("model overloaded, try later", file=sys.stderr)
sys.exit(2)
