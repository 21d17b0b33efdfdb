"""Logs -> cases in the store, incrementally: each run reads only the bytes added since the last.

For each file the store keeps a cursor (inode, size, mtime, the offset just past the last complete
line, and the parser's state). A file whose inode changed or that shrank is read again from the
start; case ids are stable, so reading a line twice never stores a case twice. A file's cases,
cursor and sessions are saved in one transaction (with the other files read in the same quarter
second), so a crash loses at most the files in progress and never a case without its cursor.

A date window (`since`) drops older events; the cursor remembers how far back the file was read
(`covered_from`), and a later run asking for more history reads the file again from the start.

Reading and typing are done in worker processes when there is a lot to read (both cores on a
first scan); the main process resolves repositories and writes the store. With judges
(`collect --llm`, collect/judging.py) the workers also pick the human messages the rules left
untyped that the judges' scope sends them, and the main process asks the judges about each file's
before saving it: what two judges type is stored with the file's cases, the rest is dropped.
"""
from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from git_ledger import sources
from git_ledger.collect.snapshot import covers
from git_ledger.models import Case, ScanStats, case_id
from git_ledger.repo import GEMINI_PROJECT, RepoResolver
from git_ledger.storable import storable
from git_ledger.store.store import Cursor, Store

if TYPE_CHECKING:
    from git_ledger.collect.judging import CollectJudges
    from git_ledger.judges.fullpath import Message
    from git_ledger.models import Classification

Progress = Callable[[int, int], None]  # (bytes done, bytes to do)
PARALLEL_MIN_BYTES = 8 << 20  # below this a process pool costs more than it saves
BATCH_FILES, BATCH_SECONDS = 256, 0.25  # files saved per transaction: at most this many, this old
PART_MIN_BYTES, PART_MAX_FILES = 1 << 20, 64  # a worker's parcel of files (see `parts`)
WARM_UP_BYTES = 2 << 20  # read by the main process before the workers start (see `_outcomes`)


class Job(NamedTuple):
    path: str
    agent: str
    offset: int
    state: dict[str, Any] | None
    size: int
    inode: int
    mtime: float


class PreCase(NamedTuple):
    """A case before its repository is known (built in a worker, finished in the main process)."""

    uuid: str
    kind: str
    session: str
    timestamp: str
    cwd: str
    type: str
    source: str
    text: str
    context: str
    typed_by: str
    lang: str
    previous: str = ""  # the end of the agent's message before it, masked (Case.previous)


class Pending(NamedTuple):
    """A human message the rules left untyped, for the judges (see collect/judging.py)."""

    case: PreCase  # as it would be stored (type `none` until the judges type it)
    message: Message
    rules: Classification


class Outcome(NamedTuple):
    job: Job
    offset: int
    state: dict[str, Any]
    bytes_read: int
    lines_skipped: int
    events_by_kind: dict[str, int]
    sessions: dict[str, list[Any]]  # session -> [cwd, first_ts, last_ts, events]
    cases: list[PreCase]
    error: str
    pending: Sequence[Pending] = ()


def plan(store: Store, files: Iterable[tuple[str, Path | str]], since: str | None) -> tuple[list[Job], int]:
    """Which files have something to read, from where; and how many were left as they were."""
    marks = store.cursor_marks()
    jobs: list[Job] = []
    unchanged = 0
    for agent, p in files:
        path = str(p)
        try:
            st = os.stat(path)
        except OSError:
            continue
        key = storable(path)  # as the store keeps it (a file name need not be UTF-8)
        if since is not None and st.st_mtime < epoch(since) and key not in marks:
            unchanged += 1  # nothing in the window; no cursor, so a later full run still reads it
            continue
        cur = store.cursor(key) if key in marks else None
        covered = str(cur.state.get("covered_from", "")) if cur is not None else ""
        if cur is None or cur.inode != st.st_ino or st.st_size < cur.size or not covers(covered, since):
            jobs.append(Job(path, agent, 0, None, st.st_size, st.st_ino, st.st_mtime))
        elif st.st_size == cur.size and st.st_mtime == cur.mtime:
            unchanged += 1
        elif sources.rewritten(agent, path):
            jobs.append(Job(path, agent, 0, cur.state, st.st_size, st.st_ino, st.st_mtime))
        else:
            jobs.append(Job(path, agent, cur.offset, cur.state, st.st_size, st.st_ino, st.st_mtime))
    return jobs, unchanged


def epoch(day: str) -> float:
    return datetime.fromisoformat(day + "T00:00:00+00:00").timestamp()


def work(job: Job, since: str | None, review_agents: Sequence[str] | None, scope: str | None = None) -> Outcome:
    """Read one file and type its events (runs in a worker process; must not touch the store).

    The read is lean (`sources.scan_events`): an assistant text without a word of admission is
    only counted, and tool calls are built only for the events that become cases. With a judges'
    `scope` (`judges.fullpath.SCOPES`), the human messages left `none` that it sends to the judges
    come back as `pending`."""
    from git_ledger.classify.classify import classify_event, may_admit
    from git_ledger.masking.mask import mask, mask_tail
    from git_ledger.models import HUMAN_KINDS, NONE, PREVIOUS_CHARS, TYPES, Event, format_tools

    try:
        rr = sources.scan_events(job.path, job.agent, job.offset, job.state, review_agents=review_agents,
                                 keep_text=may_admit)
    except OSError as e:
        return Outcome(job, job.offset, job.state or {}, 0, 0, {}, {}, [], f"{job.path}: {e.strerror or e}")
    by_kind: dict[str, int] = {}
    sessions: dict[str, list[Any]] = {}
    cases: list[PreCase] = []
    pending: list[Pending] = []
    for ev, snap in zip(rr.items, rr.snaps):
        ts = timestamp(ev.timestamp)
        if since is not None and ts and ts[:10] < since:
            continue
        by_kind[ev.kind] = by_kind.get(ev.kind, 0) + 1
        s = sessions.get(ev.session)
        if s is None:
            s = sessions[ev.session] = [ev.cwd, ts, ts, 0]
        s[0] = s[0] or ev.cwd
        if ts:
            s[1] = min(s[1], ts) if s[1] else ts
            s[2] = max(s[2], ts)
        s[3] += 1
        if snap is None or not isinstance(ev, Event):
            continue  # counted only: an assistant text with no word of admission
        names = [c.name for c in snap] if ev.kind in HUMAN_KINDS else None
        typed = classify_event(ev, names, keep_none=scope is not None)
        if typed is None:
            continue
        source, c = typed
        if c.type == NONE:  # only with a scope: a candidate for the judges, or nothing
            message = _judged(ev, names or [], c, scope or "")
            if message is not None:
                pc = PreCase(ev.uuid, ev.kind, ev.session, ts, ev.cwd, NONE, source, message.text,
                             mask(format_tools(sources.calls(snap))), "", c.lang, mask_tail(message.previous, PREVIOUS_CHARS))
                pending.append(Pending(pc, message, c))
            continue
        cases.append(PreCase(
            ev.uuid, ev.kind, ev.session, ts, ev.cwd, c.type, source,
            excerpt(ev.text, mask), mask(format_tools(sources.calls(snap))), f"rule:{c.rule}" if c.rule and c.type in TYPES else "",
            c.lang, mask_tail(ev.previous or "", PREVIOUS_CHARS) if source == "human" else "",
        ))
    state = dict(rr.state)
    state["covered_from"] = since or ""
    return Outcome(job, rr.offset, state, rr.bytes_read, rr.lines_skipped, by_kind, sessions, cases, "", pending)


def _judged(ev: Any, names: list[str], c: Classification, scope: str) -> Message | None:
    """The message as the judges read it, when `scope` sends the rules' `none` to them; else None.
    Its text is the case's (masked, cut as a stored case is cut); the judges mask what they read."""
    from dataclasses import replace

    from git_ledger.judges.fullpath import Message, judged
    from git_ledger.masking.mask import mask

    message = Message("", ev.previous or "", tuple(names))  # its text only once it is judged
    if not judged(c, message, scope=scope):
        return None
    return replace(message, text=excerpt(ev.text, mask))


TEXT_MAX = 2000  # characters of a case's text kept (a 50 MB agent admission was stored whole)


def excerpt(text: str, mask: Callable[[str], str]) -> str:
    """`text` masked, at most TEXT_MAX characters (then `…`). Only a head of a long text is
    masked, cut where no secret can straddle the cut (a line end, else a space), so masking a
    huge text costs no more than a short one and no half of a secret survives the cut."""
    if len(text) <= TEXT_MAX:
        return mask(text)
    head = text[:4 * TEXT_MAX]
    cut = max(head.rfind("\n"), head.rfind(" ") if "\n" not in head[TEXT_MAX:] else -1)
    masked = mask(head[:cut] if cut > TEXT_MAX else head)
    return masked if len(masked) <= TEXT_MAX else masked[:TEXT_MAX] + "…"


_DAY = re.compile(r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d])")


def timestamp(value: str) -> str:
    """A record's timestamp if it starts with a calendar day, else "" (the event is then dated by
    its file's mtime): the store's dates feed the ledger, where `2026-02-30` is an error."""
    if _DAY.match(value):
        try:
            date.fromisoformat(value[:10])
        except ValueError:
            return ""
        return value
    return ""


def _outcomes(jobs: list[Job], since: str | None, review_agents: Sequence[str] | None,
              deadline: float | None, scope: str | None = None) -> Iterable[Outcome]:
    todo = sum(j.size - j.offset for j in jobs)
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if cpus < 2 or len(jobs) < 2 or todo < PARALLEL_MIN_BYTES or deadline is not None:
        for n, job in enumerate(jobs):
            if n and deadline is not None and time.monotonic() > deadline:
                return  # the first file is always read: a deadline bounds the rest
            yield work(job, since, review_agents, scope)
        return
    import collections
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed

    # Forked workers inherit what is imported here: the rule packs and detect-secrets are imported
    # once, not once per worker. A first scan this size masks cases.
    import git_ledger.classify.classify  # noqa: F401
    from git_ledger.masking import secretscan

    secretscan.scan([], eager=True)
    # The rules compile, and each language's gate is built, when a first message needs them (all
    # of them: 0.2 s). The main process reads a few small files itself first, so what they needed
    # is built once and inherited, not again in every worker; the workers build only what those
    # files did not need (docs/performance.md, issue 15's third round).
    warm, jobs = warm_up(jobs)
    yield from work_many(warm, since, review_agents, scope)

    # The main process is one of the readers: each process that types compiles the rules it meets
    # and builds the gates it needs, so one process fewer pays that once less (and forks, and
    # pickles its results, once less). The pool's workers take the biggest parcels first, the
    # main process the smallest, between saving what the workers sent (docs/performance.md,
    # issue 15's fifth round).
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    workers = min(cpus, 4)
    pending = collections.deque(parts(jobs, workers))
    with ProcessPoolExecutor(max_workers=workers - 1, mp_context=multiprocessing.get_context(method)) as pool:
        running: set[Future[list[Outcome]]] = set()
        while pending or running:
            # One parcel queued behind each worker's, so that no worker waits for the main process.
            while pending and len(running) < 2 * (workers - 1):
                running.add(pool.submit(work_many, pending.popleft(), since, review_agents, scope))
            if pending:
                yield from work_many(pending.pop(), since, review_agents, scope)
                finished = [f for f in running if f.done()]
            else:
                finished = [next(as_completed(running))]
            for future in finished:
                running.discard(future)
                yield from future.result()


def warm_up(jobs: list[Job]) -> tuple[list[Job], list[Job]]:
    """(the smallest files, up to WARM_UP_BYTES to read, for the main process before it forks;
    the rest, in their order)."""
    picked: set[int] = set()
    size = 0
    for i in sorted(range(len(jobs)), key=lambda i: jobs[i].size - jobs[i].offset):
        size += jobs[i].size - jobs[i].offset
        if size > WARM_UP_BYTES:
            break
        picked.add(i)
    return [jobs[i] for i in sorted(picked)], [j for i, j in enumerate(jobs) if i not in picked]


def parts(jobs: list[Job], workers: int) -> list[list[Job]]:
    """The jobs in parcels for the pool, biggest files first: a parcel per file would cost more in
    passing jobs and results between processes than reading a small file; the parcels shrink
    towards the end so that the workers finish together."""
    ordered = sorted(jobs, key=lambda j: j.size - j.offset, reverse=True)
    left = sum(j.size - j.offset for j in ordered)
    out: list[list[Job]] = []
    part: list[Job] = []
    size = 0
    for job in ordered:
        part.append(job)
        size += job.size - job.offset
        if size >= max(left / (4 * workers), PART_MIN_BYTES) or len(part) >= PART_MAX_FILES:
            out.append(part)
            left -= size
            part, size = [], 0
    if part:
        out.append(part)
    return out


def work_many(jobs: list[Job], since: str | None, review_agents: Sequence[str] | None,
              scope: str | None = None) -> list[Outcome]:
    return [work(job, since, review_agents, scope) for job in jobs]


Scan = tuple[list[Case], Cursor, list[tuple[str, str, str, str, str, str, int]], Outcome]


def collect_files(
    store: Store,
    files: Iterable[tuple[str, Path | str]],
    *,
    now: datetime,
    since: str | None = None,
    review_agents: Sequence[str] | None = None,
    deadline: float | None = None,
    progress: Progress | None = None,
    judges: CollectJudges | None = None,
    cwd: str = "",
) -> ScanStats:
    """Read the new bytes of `files` ((agent, path) pairs) into cases; see the module docstring.

    `deadline` (time.monotonic()) stops the run between files once passed (the hook's budget).
    `judges` (`collect --llm`): also store what they type of the messages the rules left untyped.
    `cwd`: the working folder of the run (the command's, or the agent's in a hook), which a Cursor
    transcript, recording no folder of its own, may stand for besides the folders the store knows."""
    stats = ScanStats()
    jobs, _ = plan(store, files, since)
    if not jobs:
        return stats
    resolve = RepoResolver(store, now.isoformat(timespec="seconds"))
    hashes: dict[str, str] | None = None
    slugs: dict[str, str] | None = None
    total = sum(j.size - j.offset for j in jobs)
    done = 0
    store.db.execute("PRAGMA synchronous = NORMAL")  # WAL: still atomic per commit, no fsync per commit
    batch: list[Scan] = []
    started = time.monotonic()
    scope = judges.scope if judges is not None else None
    for out in _outcomes(jobs, since, review_agents, deadline, scope):
        job = out.job
        done += job.size - job.offset
        if out.error:
            stats.errors.append(out.error)
            continue
        project = str(out.state.get("project_hash") or "")
        if project and hashes is None:
            hashes = {hashlib.sha256(c.encode()).hexdigest(): c for c in store.known_cwds()}
        fallback = (hashes or {}).get(project) or (GEMINI_PROJECT + project[:16] if project else "")
        slug = str(out.state.get("cursor_project") or "")
        if slug and not fallback:
            if slugs is None:
                slugs = known_slugs(store.known_cwds(), cwd)
            fallback = slugs.get(slug, "")
        day = datetime.fromtimestamp(job.mtime, timezone.utc).date().isoformat()
        cases = [_case(job.agent, pc, resolve(pc.cwd or fallback), pc.cwd or fallback, day) for pc in out.cases]
        if judges is not None and out.pending:
            from git_ledger.collect.judging import Candidate

            cases += judges.typed_cases([
                Candidate(_case(job.agent, p.case, resolve(p.case.cwd or fallback), p.case.cwd or fallback, day),
                          p.message, p.rules)
                for p in out.pending
            ])
        sessions = [(job.agent, sid, resolve(v[0] or fallback), v[0] or fallback, v[1], v[2], v[3])
                    for sid, v in out.sessions.items() if sid]
        cursor = Cursor(job.path, job.agent, job.inode, job.size, out.offset, job.mtime, out.state)
        batch.append((cases, cursor, sessions, out))
        if len(batch) >= BATCH_FILES or time.monotonic() - started >= BATCH_SECONDS:
            _save(store, batch, stats)
            batch, started = [], time.monotonic()
            if progress is not None:
                progress(done, total)
    _save(store, batch, stats)
    if progress is not None:
        progress(done, total)
    return stats


def known_slugs(cwds: Iterable[str], here: str) -> dict[str, str]:
    """Cursor's project folder name -> the working directory it stands for, for the directories
    the store knows and the current one (a Cursor transcript records no directory of its own)."""
    from git_ledger.paths import cursor_project_name

    return {cursor_project_name(c): c for c in [*cwds, here] if c}


def _save(store: Store, batch: list[Scan], stats: ScanStats) -> None:
    """Several files' cases, cursors and sessions in one transaction (a commit per file would
    cost more than reading a small file)."""
    if not batch:
        return
    added: list[Case] = []
    with store.transaction() as db:
        for cases, cursor, sessions, _ in batch:
            added += store.save_scan(cases, cursor, sessions, db)
    for case in added:
        stats.count_case(case)
    for _, _, _, out in batch:
        stats.files += 1
        stats.bytes += out.bytes_read
        stats.lines_skipped += out.lines_skipped
        for kind, n in out.events_by_kind.items():
            stats.events += n
            stats.events_by_kind[kind] = stats.events_by_kind.get(kind, 0) + n


def _case(agent: str, pc: PreCase, repo: str, cwd: str, default_day: str) -> Case:
    """The stored case; an event without a timestamp is dated by its file's mtime."""
    return Case(
        id=case_id(agent, pc.session, pc.uuid, pc.kind), repo=repo, agent=agent, session=pc.session,
        date=pc.timestamp[:10] or default_day, timestamp=pc.timestamp, type=pc.type, source=pc.source, text=pc.text,
        context=pc.context, typed_by=pc.typed_by, lang=pc.lang, kind=pc.kind, cwd=cwd, previous=pc.previous,
    )
