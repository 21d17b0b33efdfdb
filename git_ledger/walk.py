"""Every regular file under some roots: the one folder walk of the log readers (sources.discover)
and of collect's snapshot. A base module of its own because both use it and it must stay tiny:
a no-change `collect` imports it with os and stat only (collect/snapshot.py)."""
from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator

# folder -> (mtime in ns, subfolders, files): a folder whose mtime has not moved still holds
# exactly these entries, so a no-change run can stat the files without listing the folder.
Folder = tuple[int, list[str], list[str]]


def iter_files(roots: Iterable[str | os.PathLike[str]], tree: dict[str, Folder] | None = None,
               seen: tuple[set[tuple[int, int]], set[tuple[int, int]]] | None = None,
               ) -> Iterator[tuple[str, os.stat_result]]:
    """Every regular file under the roots (files or folders), following symlinks without loops;
    a file reachable twice is yielded once. Paths are absolute, not resolved. With `tree`, each
    folder walked is recorded there (its mtime, subfolders and files) for `unchanged`; `seen`
    (folders, files by device and inode) carries that memory across calls."""
    seen_dirs, seen_files = seen if seen is not None else (set(), set())
    for root in roots:
        top = os.path.abspath(root)
        try:
            st = os.stat(top)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            if (st.st_dev, st.st_ino) not in seen_files:
                seen_files.add((st.st_dev, st.st_ino))
                yield top, st
            continue
        stack = [top]
        while stack:
            folder = stack.pop()
            try:
                dst = os.stat(folder)
                if (dst.st_dev, dst.st_ino) in seen_dirs:
                    continue  # a symlink back up the tree, or a folder reached through another root
                seen_dirs.add((dst.st_dev, dst.st_ino))
                with os.scandir(folder) as it:
                    entries = sorted(it, key=lambda e: e.name, reverse=True)
            except OSError:
                continue
            subdirs: list[str] = []
            files: list[str] = []
            for e in entries:
                try:
                    if e.is_dir():
                        stack.append(e.path)
                        subdirs.append(e.path)
                    elif e.is_file():
                        fst = e.stat()
                        key = (fst.st_dev, fst.st_ino)
                        if key not in seen_files:
                            seen_files.add(key)
                            files.append(e.path)
                            yield e.path, fst
                except OSError:
                    continue
            if tree is not None:
                tree[folder] = (dst.st_mtime_ns, subdirs, files)
