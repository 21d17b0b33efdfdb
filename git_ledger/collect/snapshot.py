"""The file snapshot that makes a no-change `collect` cheap (the folder walk is git_ledger/walk.py).

After every collect the command writes, next to the store, what each file under the scanned
roots looked like (inode, size, mtime, agent, how far back it was read). A later run that finds
every file exactly as recorded has nothing to read and stops before opening the store. The
snapshot is only a hint: any difference (or a missing, damaged or foreign snapshot) sends the run
down the normal path, where the store's cursors decide. It is never ahead of the store, because it
is written from the cursors after they are committed.

Deliberately tiny: this module is on the path of every `collect` and imports only os/stat/marshal.
"""
from __future__ import annotations

import gc
import marshal
import os
import stat

# Not imported at run time (mypy reads TYPE_CHECKING = False as typing.TYPE_CHECKING): a plain
# interpreter has not loaded collections yet, and a no-change collect should not pay for it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from git_ledger.walk import Folder

SNAPSHOT_VERSION = 3
# path -> (inode, size, mtime, agent or "" for a file that is not a log, covered-from date)
Entry = tuple[int, int, float, str, str]
# The agent of an entry that names a file looking like a log that no parser recognises (reported on
# every run until it changes), or one that could not be read (never trusted: read again each run).
UNRECOGNISED, UNREADABLE = "?", "!"
RACY_NS = 2_000_000_000  # a folder changed this close to the snapshot is listed anyway


def snapshot_path(db_path: str | os.PathLike[str]) -> str:
    return os.path.join(os.path.dirname(os.fspath(db_path)), "collect-files.snapshot")


def _db_identity(db_path: str | os.PathLike[str]) -> list[int] | None:
    try:
        st = os.stat(db_path)
    except OSError:
        return None
    return [st.st_dev, st.st_ino]


class Snapshot:
    """What the last collect saw: a tree of folders (by name, for a cheap walk) and the files
    given as roots themselves. `files` is the flat path -> Entry view, built only when asked."""

    def __init__(self, tree: dict[str, Node], top: dict[str, Entry], taken_ns: int) -> None:
        self.tree = tree
        self.top = top
        self.taken_ns = taken_ns
        self._files: dict[str, Entry] | None = None

    @property
    def files(self) -> dict[str, Entry]:
        if self._files is None:
            files = dict(self.top)
            for folder, (_, _, entries) in self.tree.items():
                for name, *entry in entries:
                    files[os.path.join(folder, name)] = tuple(entry)  # type: ignore[assignment]
            self._files = files
        return self._files

    @property
    def folders(self) -> dict[str, Folder]:
        return {f: (m, [os.path.join(f, d) for d in dirs], [os.path.join(f, e[0]) for e in entries])
                for f, (m, dirs, entries) in self.tree.items()}


# On disk, per folder: (mtime in ns, subfolder names, (name, *Entry) per file).
Node = tuple[int, list[str], list[tuple[str, int, int, float, str, str]]]


def load_snapshot(path: str, db_path: str | os.PathLike[str]) -> Snapshot:
    """The file map of the last collect against this very store (empty if unusable)."""
    collecting = gc.isenabled()
    gc.disable()  # thousands of small tuples, no cycles: collecting them only costs time
    try:
        with open(path, "rb") as f:
            data = marshal.loads(f.read())  # noqa: S302  (our own file beside the store); load(f) reads in tiny pieces
    except (OSError, EOFError, ValueError, TypeError):
        return Snapshot({}, {}, 0)
    finally:
        if collecting:
            gc.enable()
    if (not isinstance(data, dict) or data.get("v") != SNAPSHOT_VERSION
            or data.get("db") != _db_identity(db_path) or not isinstance(data.get("tree"), dict)):
        return Snapshot({}, {}, 0)
    return Snapshot(data["tree"], data.get("top") or {}, int(data.get("taken_ns") or 0))


def save_snapshot(path: str, db_path: str | os.PathLike[str], files: Mapping[str, Entry],
                  folders: Mapping[str, Folder], taken_ns: int) -> None:
    """Write atomically; a snapshot we cannot write only costs the next run some speed.
    `taken_ns` is when the walk that produced it started (folders changed later are racy)."""
    tree: dict[str, Node] = {}
    listed: set[str] = set()
    for folder, (mtime, dirs, names) in folders.items():
        entries = [(os.path.basename(p), *files[p]) for p in names if p in files]
        listed.update(names)
        tree[folder] = (mtime, [os.path.basename(d) for d in dirs], entries)
    top = {p: e for p, e in files.items() if p not in listed}
    data = {"v": SNAPSHOT_VERSION, "db": _db_identity(db_path), "tree": tree, "top": top, "taken_ns": taken_ns}
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            marshal.dump(data, f)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def covers(covered_from: str, since: str | None) -> bool:
    """Was a file read far enough back for a run that wants events from `since` (None = all)?"""
    return covered_from == "" or (since is not None and since >= covered_from)


def unchanged(roots: Iterable[str], snapshot: Snapshot, agent: str, since: str | None,
              ) -> tuple[int, list[str]] | None:
    """If every file under the roots is exactly as the snapshot recorded it (and was read far
    enough back): the number of logs, and the files that look like logs but were not recognised.
    None as soon as anything differs or cannot be trusted."""
    if not snapshot.tree and not snapshot.top:
        return None
    logs = 0
    unrecognised: list[str] = []
    for root in roots:
        top = os.path.abspath(root)
        try:
            st = os.stat(top)
        except OSError:
            continue  # a default root that does not exist (no such agent installed)
        if stat.S_ISREG(st.st_mode):
            entry = snapshot.top.get(top)
            if entry is None or not _same(entry, st):
                return None
            found: list[tuple[str, int, int, float, str, str]] | None = [(top, *entry)]
            if entry[3] == UNRECOGNISED:
                unrecognised.append(top)
        else:
            found = _walk_known(top, snapshot, unrecognised)
        if found is None:
            return None
        for _, _, _, _, kind, covered in found:
            if kind == UNREADABLE:
                return None
            if kind and kind != UNRECOGNISED and agent in ("all", kind):
                if not covers(covered, since):
                    return None
                logs += 1
    return logs, unrecognised


def _same(entry: Entry | tuple[int, int, float, str, str], st: os.stat_result) -> bool:
    return entry[0] == st.st_ino and entry[1] == st.st_size and entry[2] == st.st_mtime


def _walk_known(top: str, snapshot: Snapshot, unrecognised: list[str],
                ) -> list[tuple[str, int, int, float, str, str]] | None:
    """The entries under `top` if no folder gained or lost an entry and no file changed (and the
    paths of those not recognised, added to `unrecognised`)."""
    found: list[tuple[str, int, int, float, str, str]] = []
    stack = [top]
    while stack:
        folder = stack.pop()
        known = snapshot.tree.get(folder)
        try:
            mtime = os.stat(folder).st_mtime_ns
        except OSError:
            return None
        if known is None or known[0] != mtime or mtime >= snapshot.taken_ns - RACY_NS:
            return None
        prefix = folder + os.sep
        stack.extend(prefix + d for d in known[1])
        for e in known[2]:
            try:
                st = os.stat(prefix + e[0])
            except OSError:
                return None
            if e[1] != st.st_ino or e[2] != st.st_size or e[3] != st.st_mtime:
                return None
            if e[4] == UNRECOGNISED:
                unrecognised.append(prefix + e[0])
        found.extend(known[2])
    return found
