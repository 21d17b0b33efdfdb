"""One pull request per `proposed` ledger entry: a rule-candidate stub a person turns into a rule.

For entry P-0007 the branch `git-ledger/P-0007` holds exactly one commit on top of the base
branch: the stub (a card skeleton under `procedures/`, or a marked section file) plus the ledger
with that entry `in-review` and its PR number. The commit is built with plumbing (pr/branch.py), so
the user's checkout is never touched. Re-running is idempotent: an unchanged branch is not
pushed again, an open PR is found (GitHub's 422 "already exists") and updated, never duplicated.

Nothing here carries case text: the stub and the PR body hold the type, counts and dates, and
the command a person runs locally to read the cases (`git-ledger show <repo>/<type>`).
"""
from __future__ import annotations

import dataclasses
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from git_ledger.errors import FatalError
from git_ledger.ledger import Entry, load_ledger, parse_ledger, set_review
from git_ledger.pr import branch
from git_ledger.pr.github import GitHub

LABEL = "rule-candidate"
BRANCH_PREFIX = "git-ledger/"


@dataclass(frozen=True)
class Plan:
    """Where the stub goes: a card under `cards_dir`, or a marked section in `section_file`."""

    stub: str = "card"  # "card" | "section"
    cards_dir: str = "procedures"
    section_file: str = ".git-ledger/rule-candidates.md"


@dataclass
class Outcome:
    entry_id: str
    branch: str
    pushed: bool = False
    pr: int | None = None
    created: bool = False
    error: str | None = None
    steps: list[str] = dataclasses.field(default_factory=list)


def branch_name(entry_id: str) -> str:
    return BRANCH_PREFIX + entry_id


def stub_path(entry: Entry, plan: Plan) -> str:
    if plan.stub == "section":
        return plan.section_file
    return f"{plan.cards_dir.strip('/')}/rule-{entry.id.lower()}-{entry.type}.md"


def _facts(entry: Entry) -> str:
    dates = ", ".join(entry.dates)
    return (f"{entry.type} in {entry.repo}: {entry.units} units (distinct session+date), "
            f"{entry.sessions} sessions, {entry.first} … {entry.last} ({dates})")


def card_stub(entry: Entry) -> str:
    template = (resources.files("git_ledger") / "resources" / "cards" / "en" / "_template.md").read_text(
        encoding="utf-8"
    )
    from git_ledger.cards.card import draft_line

    lines = template.splitlines()
    lines[0:1] = [f"# rule-{entry.id.lower()}-{entry.type}", draft_line(entry.id)]
    body = "\n".join(lines) + "\n"
    body = body.replace(
        "Evidence: <session id / commit / file path>",
        f"Evidence: git-ledger {entry.id}; {_facts(entry)}; cases: `git-ledger show {entry.repo}/{entry.type}` (local only)",
    )
    return body


def section_stub(entry: Entry, existing: str) -> str:
    begin, end = f"<!-- git-ledger:{entry.id} begin -->", f"<!-- git-ledger:{entry.id} end -->"
    block = (
        f"{begin}\n"
        f"### Rule candidate {entry.id}: {entry.type}\n\n"
        f"Seen: {_facts(entry)}.\n"
        f"Read the cases locally with `git-ledger show {entry.repo}/{entry.type}`, then write the rule the\n"
        f"agent should follow in one or two sentences here and move it to CLAUDE.md / AGENTS.md.\n"
        f"{end}\n"
    )
    if begin in existing and end in existing:
        head, rest = existing.split(begin, 1)
        tail = rest.split(end, 1)[1].lstrip("\n")
        return head + block + tail
    sep = "" if not existing or existing.endswith("\n\n") else ("\n" if existing.endswith("\n") else "\n\n")
    return existing + sep + block


def title(entry: Entry) -> str:
    return f"Rule candidate {entry.id}: {entry.type} seen in {entry.sessions} sessions"


def body(entry: Entry, ledger_rel: str, stub_rel: str) -> str:
    dates = "\n".join(f"- {d}" for d in entry.dates)
    return (
        f"git-ledger promoted a repeated agent mistake to a rule candidate.\n\n"
        f"| | |\n|---|---|\n"
        f"| entry | `{entry.id}` in `{ledger_rel}` |\n"
        f"| repository | `{entry.repo}` |\n"
        f"| type | **{entry.type}** |\n"
        f"| units (distinct session + date) | {entry.units} |\n"
        f"| sessions | {entry.sessions} |\n"
        f"| first / last | {entry.first} / {entry.last} |\n\n"
        f"Dates seen:\n{dates}\n\n"
        f"The corrections themselves never leave the machines they were typed on. To read them, run\n"
        f"locally, on a machine that collected them:\n\n"
        f"```sh\ngit-ledger show {entry.repo}/{entry.type}\n```\n\n"
        f"Then turn `{stub_rel}` into the rule the agent should follow (or close this PR and set\n"
        f"`status: rejected` on `{entry.id}` in the ledger). Merging marks the entry `in-review`;\n"
        f"set `status: adopted` once the rule is in place, so `git-ledger report` can measure it.\n"
    )


def _ledger_with_review(ledger_text: str, ledger_rel: str, entry_id: str, pr: int | None) -> bytes:
    """The base ledger text with `entry_id` in review (and its PR number once known)."""
    with tempfile.TemporaryDirectory(prefix="git-ledger-pr-") as tmp:
        path = Path(tmp) / Path(ledger_rel).name
        path.write_text(ledger_text, encoding="utf-8")
        if pr is None:
            from git_ledger.ledger import set_status

            set_status(path, entry_id, "in-review")
        else:
            set_review(path, entry_id, pr)
        return path.read_bytes()


def open_prs(
    repo_root: Path,
    ledger_rel: str,
    gh: GitHub | None,
    *,
    base: str,
    remote: str = "origin",
    plan: Plan = Plan(),
    dry_run: bool = False,
    limit: int = 10,
    pause: float = 1.0,
    report: Callable[[str], None] = print,
) -> list[Outcome]:
    """Open or update one PR per `proposed` entry of the ledger on the remote base branch."""
    base_tip = branch.fetch(repo_root, remote, base)
    raw = branch.read_blob(repo_root, base_tip, ledger_rel)
    if raw is None:
        report(f"no ledger at {ledger_rel} on {remote}/{base}: commit and push it first (git-ledger propose --commit)")
        return []
    base_text = raw.decode("utf-8")
    ledger = parse_ledger(base_text, Path(ledger_rel))
    proposed = sorted((e for e in ledger.entries.values() if e.status == "proposed"), key=lambda e: e.id)
    local = load_ledger(repo_root / ledger_rel)
    unpushed = [e.id for e in local.entries.values() if e.status == "proposed" and e.id not in ledger.entries]
    if unpushed:
        report(f"not on {remote}/{base} yet, skipped: {', '.join(unpushed)} (push the ledger first)")
    if not proposed:
        report(f"no proposed entries in {ledger_rel} on {remote}/{base}")
        return []
    outcomes: list[Outcome] = []
    chosen = proposed[:limit]
    for index, entry in enumerate(chosen):
        outcome = Outcome(entry.id, branch_name(entry.id))
        outcomes.append(outcome)
        if dry_run:
            report(f"{entry.id}: would push {outcome.branch} ({stub_path(entry, plan)}) and open "
                   f"\"{title(entry)}\" against {base}")
            continue
        assert gh is not None  # noqa: S101  (only a dry run has no client)
        try:
            _one(repo_root, ledger_rel, base_text, base_tip, entry, gh, outcome, base=base, remote=remote, plan=plan)
        except FatalError as e:
            outcome.error = str(e)
            done = "; ".join(outcome.steps) or "nothing was changed"
            report(f"{entry.id}: FAILED: {e} (done so far: {done}; running again resumes safely)")
            if getattr(e, "status", 0) in (401, 403, 429):
                break  # the same answer awaits every other entry
            continue
        verb = "opened" if outcome.created else "updated"
        report(f"{entry.id}: {verb} PR #{outcome.pr} from {outcome.branch}"
               + ("" if outcome.pushed else " (branch already up to date)"))
        if outcome.created and pause > 0 and index < len(chosen) - 1:
            time.sleep(pause)  # GitHub's secondary limit on content creation
    if len(proposed) > limit:
        report(f"{len(proposed) - limit} more proposed entries left for the next run (--max {limit})")
    return outcomes


def _one(
    repo_root: Path, ledger_rel: str, base_text: str, base_tip: str, entry: Entry, gh: GitHub,
    outcome: Outcome, *, base: str, remote: str, plan: Plan,
) -> None:
    name = outcome.branch
    stub_rel = stub_path(entry, plan)
    tip = branch.remote_tip(repo_root, remote, name)
    known_pr: int | None = None
    if tip is not None:
        on_branch = branch.read_blob(repo_root, tip, ledger_rel)
        if on_branch is not None:
            try:
                known_pr = parse_ledger(on_branch.decode("utf-8"), Path(ledger_rel)).entries[entry.id].pr
            except (FatalError, KeyError, UnicodeDecodeError):
                known_pr = None

    def files(pr: int | None) -> dict[str, bytes]:
        if plan.stub == "section":
            existing = branch.read_blob(repo_root, base_tip, stub_rel) or b""
            stub = section_stub(entry, existing.decode("utf-8", "replace"))
        else:
            stub = card_stub(entry)
        return {stub_rel: stub.encode(), ledger_rel: _ledger_with_review(base_text, ledger_rel, entry.id, pr)}

    def publish(pr: int | None, expected: str | None) -> str | None:
        tree = branch.tree_with(repo_root, base_tip, files(pr))
        if expected is not None and branch.first_parent(repo_root, expected) == base_tip \
                and branch.tree_of(repo_root, expected) == tree:
            return expected  # already exactly this: nothing to push
        message = f"Rule candidate {entry.id}: {entry.type} ({entry.sessions} sessions)\n\n" \
                  f"Adds {stub_rel} and marks {entry.id} in-review in {ledger_rel}.\n"
        commit = branch.commit_tree(repo_root, tree, base_tip, message)
        branch.push(repo_root, remote, commit, name, expected)
        outcome.pushed = True
        outcome.steps.append(f"pushed {name}")
        return commit

    head = publish(known_pr, tip)
    pr = gh.open_pr(name, base, title(entry), body(entry, ledger_rel, stub_rel))
    outcome.pr, outcome.created = pr.number, pr.created
    outcome.steps.append(f"{'opened' if pr.created else 'found'} PR #{pr.number}")
    if pr.number != known_pr:
        # The PR number is known only now: rewrite the one commit with it (our own branch).
        publish(pr.number, head)
    gh.add_labels(pr.number, [LABEL])
    outcome.steps.append(f"labelled #{pr.number}")
