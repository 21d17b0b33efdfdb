"""The one exception type users see, and the one place an exception becomes an exit code.

Every entry point runs under `guarded`: `git-ledger` (main, also its collect fast path), each
pre-commit console script, `cards audit`, and the agent hooks, which fail open through it.
"""
from __future__ import annotations

import sys

# Hooks import this module on every prompt: contextlib, typing and traceback stay off it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    R = TypeVar("R")


class FatalError(RuntimeError):
    """An expected failure: shown to the user as one line, exit 1."""


EXIT_FATAL = 1
EXIT_INTERRUPT = 130
EXIT_BUG = 3


def guarded(run: Callable[[], R], prog: str = "git-ledger",
            fail_open: Callable[[str], None] | None = None) -> R | int:
    """Run an entry point: its own result, or the exit code of what it raised.

    FatalError 1 (its message, one line on stderr), ^C 130, a closed stdout pipe 0 (`| head`),
    anything else 3: a bug, one line on stderr (the traceback too with GIT_LEDGER_DEBUG=1).
    SystemExit passes through (argparse's --help and usage errors).

    `fail_open` is for the agent hooks, which must never block the agent because of us: every
    failure but ^C is handed to it as one line ("Type: message") and the exit code is 0.
    """
    try:
        return run()
    except KeyboardInterrupt:
        if fail_open is None:
            print(f"{prog}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPT
    except BaseException as e:
        if fail_open is not None:
            fail_open(f"{type(e).__name__}: {e}")
            return 0
        if isinstance(e, (SystemExit, GeneratorExit)):
            raise
        if isinstance(e, FatalError):
            print(f"{prog}: {e}", file=sys.stderr)
            return EXIT_FATAL
        if isinstance(e, BrokenPipeError):
            sys.stdout = None  # nothing more can be written there; that is not an error
            return 0
        if not isinstance(e, Exception):
            raise
        print(f"{prog}: unexpected {type(e).__name__}: {e} (a bug; please report it)", file=sys.stderr)
        if _debug():
            import traceback  # only on a bug

            traceback.print_exc(file=sys.stderr)
        return EXIT_BUG


def _debug() -> bool:
    import os

    return bool(os.environ.get("GIT_LEDGER_DEBUG"))
