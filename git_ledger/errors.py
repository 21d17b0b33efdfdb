"""The one exception type users see, and the one place it becomes an exit code."""
from __future__ import annotations

import sys

# Hooks import this module on every prompt (for FatalError): contextlib and typing stay off it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from contextlib import AbstractContextManager


class FatalError(RuntimeError):
    """An expected failure: shown to the user as one line, exit 1."""


EXIT_FATAL = 1
EXIT_INTERRUPT = 130
EXIT_BUG = 3


def error_handler() -> AbstractContextManager[None]:
    """Map exceptions to exit codes: FatalError 1, ^C 130, anything else 3 (a bug)."""
    import contextlib

    return contextlib.contextmanager(_handle)()


def _handle() -> Iterator[None]:
    import contextlib

    try:
        yield
    except FatalError as e:
        print(f"git-ledger: {e}", file=sys.stderr)
        raise SystemExit(EXIT_FATAL) from None
    except KeyboardInterrupt:
        print("git-ledger: interrupted", file=sys.stderr)
        raise SystemExit(EXIT_INTERRUPT) from None
    except BrokenPipeError:
        # `git-ledger show | head` closes the pipe early; that is not an error.
        with contextlib.suppress(Exception):
            sys.stdout = None
        raise SystemExit(0) from None
    except (SystemExit, GeneratorExit):
        raise
    except Exception as e:
        import traceback  # only on a bug: hooks import this module on every prompt

        tb = traceback.format_exc()
        print(f"git-ledger: unexpected {type(e).__name__}: {e} (a bug; please report it)", file=sys.stderr)
        if _debug():
            print(tb, file=sys.stderr)
        raise SystemExit(EXIT_BUG) from None


def _debug() -> bool:
    import os

    return bool(os.environ.get("GIT_LEDGER_DEBUG"))
