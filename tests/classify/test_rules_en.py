"""English corrections and their near misses, with the context they were said in (issue 13).

Every message here was written for this file. Each phenomenon is given in a few ordinary forms;
the near misses are what real traffic holds most of right after an agent's work: follow-up tasks
that name a problem, cases to handle, behaviour that is wanted, the user's own slip, answers to
the agent's question. Precision comes first: a near miss typed is a defect, a correction missed
is a recall figure.
"""
from __future__ import annotations

import pytest

from git_ledger.classify.classify import classify
from git_ledger.models import TYPES

CLAIM = "I've updated the importer to skip empty rows and added a test. All tests pass."
RAN = ["Edit(src/importer.py)", "Bash(pytest -q)"]
EXPLAINED = "The importer reads each row and maps the columns by header name."
ASKED = "I changed the header. Do you want me to also update the footer?"
CONTEXTS: dict[str, tuple[str | None, list[str]]] = {  # the agent's previous message, its turn's tools
    "claim": (CLAIM, RAN),
    "explained": (EXPLAINED, []),
    "asked": (ASKED, RAN),
    "none": (None, []),
}

# (context, text, the type, or None for "not typed")
CORRECTIONS: list[tuple[str, str, str]] = [
    # the agent's choice replaced
    ("claim", "no, use pnpm instead", "instruction-violation"),
    ("claim", "nope, use the built-in json module", "instruction-violation"),
    ("claim", "no. switch to the async client", "instruction-violation"),
    ("claim", "no, just use the existing helper", "instruction-violation"),
    ("claim", "just use the standard library instead", "instruction-violation"),
    ("none", "no, use python instead", "instruction-violation"),
    # a prohibition pointing at what is there
    ("claim", "no, don't touch the lockfile", "instruction-violation"),
    ("none", "no don't delete that file", "instruction-violation"),
    ("claim", "don't delete that file", "instruction-violation"),
    ("claim", "don't use that library", "instruction-violation"),
    ("none", "don't touch those tests", "instruction-violation"),
    # the agent keeps doing it
    ("claim", "stop adding comments everywhere", "instruction-violation"),
    ("none", "stop using global variables", "instruction-violation"),
    ("claim", "please stop rewriting the whole file", "instruction-violation"),
    ("claim", "you should have used the existing client", "instruction-violation"),
    ("claim", "you should use the logger", "instruction-violation"),
    # scope, right after the work
    ("claim", "leave the existing code alone", "instruction-violation"),
    ("claim", "only change the parser, nothing else", "instruction-violation"),
    ("claim", "don't touch anything outside the importer", "instruction-violation"),
    ("claim", "I asked for a single function", "instruction-violation"),
    ("claim", "I wanted a CSV, not JSON", "instruction-violation"),
    ("claim", "why did you add a new dependency?", "instruction-violation"),
    # the request taken another way
    ("claim", "I meant the other config file", "premise-error"),
    ("none", "I meant the second one", "premise-error"),
    ("claim", "what I meant was the staging server", "premise-error"),
    ("claim", "you got that wrong, the limit is per user", "premise-error"),
    ("claim", "no you got it backwards", "premise-error"),
    ("claim", "no, it should return a list", "result-error"),
    ("claim", "nope, the total has to include tax", "result-error"),
]

NEAR_MISSES: list[tuple[str, str]] = [
    # answers to the agent's question
    ("asked", "no, use the existing one"),
    ("asked", "no, don't bother with the footer"),
    ("asked", "no, it should stay as it is"),
    ("asked", "no, I meant yes, go ahead"),
    # instructions when nothing was done yet
    ("explained", "use pnpm for this project"),
    ("explained", "don't use that library, it's unmaintained; pick another one"),
    ("explained", "stop using var in new code from now on"),
    ("explained", "I meant to ask about the deploy"),
    ("explained", "leave the existing code alone"),
    # after the work: the user's slip, fillers, suggestions, instructions for what comes next
    ("claim", "I meant to ask: does it handle tabs?"),
    ("claim", "sorry, I meant the staging server"),
    ("claim", "oops I meant the second table"),
    ("claim", "I mean, it's fine, but could it be faster?"),
    ("claim", "you should also add a README entry"),
    ("claim", "you should probably use a queue for this later"),
    ("claim", "you should be able to see the logs in kibana"),
    ("claim", "don't forget to update the changelog"),
    ("claim", "don't worry about the tests for now"),
    ("claim", "don't push yet, I want to review first"),
    ("claim", "don't touch that, it's perfect"),
    ("claim", "no, it should be fine"),
    ("claim", "stop the server when you're done"),
    ("claim", "stop here for today"),
    ("claim", "just use whatever you think is best"),
    ("claim", "use the same approach for the export"),
    ("claim", "use the same error message as in the login form"),
    ("claim", "leave it as is"),
    ("claim", "no, use it as it is"),
    ("claim", "no, that's good. push it"),
    ("claim", "as I said, the deadline is friday, so let's keep it simple"),
    # a problem named as a case to handle, or as new work
    ("claim", "it doesn't work when the csv has a BOM, add handling for that"),
    ("claim", "let's handle the case where the api returns 500"),
    ("claim", "the export button doesn't do anything yet, wire it up to the new endpoint"),
    ("claim", "the footer isn't implemented yet, go ahead and build it"),
    ("claim", "the sidebar doesn't collapse on mobile yet, can you handle that next?"),
    ("claim", "awesome! the other bug I wanted to mention is that the date shows in UTC on the invoice page"),
    # behaviour that is wanted, out of scope, or planned
    ("claim", "the API returns 404 for unknown ids, that's by design"),
    ("claim", "it crashes when the disk is full, which is fine for now"),
    ("claim", "it's broken on IE11 but we don't support it"),
    ("claim", "the old dashboard still shows the legacy chart, we'll remove it next sprint"),
    ("claim", "when nothing matches it returns an empty list, which is correct"),
    # the user's own doing
    ("claim", "I think the problem is in my nginx config, not your code. I'll check it"),
    ("claim", "I get an error when I run it but that's because I haven't set the API key yet"),
    ("claim", "nothing changed on my side, I just pulled"),
    ("claim", "never mind, it was my browser cache. works now"),
    # approval, questions, next steps
    ("claim", "great. can you also add tests for the parser?"),
    ("claim", "the page loads fine now. next, the login form should validate emails"),
    ("claim", "why does the importer use pandas? just curious"),
    ("claim", "it works now, the only issue left is styling which I'll do myself"),
    ("claim", "one small thing: can you add a docstring to the new function?"),
    ("claim", "no more errors, thanks!"),
]


def _typed(context: str, text: str) -> str | None:
    previous, tools = CONTEXTS[context]
    got = classify(text, previous=previous, previous_tools=tools)
    return got.type if got.type in TYPES else None


def test_the_corrections_are_typed_in_their_context() -> None:
    wrong = [(c, t, want, _typed(c, t)) for c, t, want in CORRECTIONS if _typed(c, t) != want]
    assert not wrong, wrong


def test_the_near_misses_stay_untyped() -> None:
    wrong = [(c, t, _typed(c, t)) for c, t in NEAR_MISSES if _typed(c, t) is not None]
    assert not wrong, wrong


def test_words_that_presuppose_the_agents_work_wait_for_it_when_the_turn_is_known() -> None:
    # With no context, "no, use X instead" and "stop adding X" say that work was done; after a turn
    # that only explained, they are instructions for what comes next.
    for text in ("no, use pnpm instead", "stop adding comments everywhere", "don't delete that file", "I meant the second one"):
        assert _typed("none", text) is not None, text
        assert _typed("explained", text) is None, text


# A pasted failure right after the agent's work is its result, unless the words typed with it set it apart.
PASTES_AFTER_THE_WORK: list[tuple[str, str | None]] = [
    ("still failing:\nTraceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nImportError: cannot import name 'x'",
     "result-error"),
    ("TypeError: cannot read properties of undefined (reading 'map')\n    at Report (Report.tsx:27:18)", "result-error"),
    ("great, that part works. now let's fix this other one:\nTraceback (most recent call last):\n"
     "  File \"app.py\", line 3, in <module>\nImportError: cannot import name 'x'", None),
    ("next issue, in the reports module:\nTypeError: cannot read properties of undefined (reading 'map')\n"
     "    at Report (Report.tsx:27:18)", None),
    ("here's the log from yesterday's outage, can you find the cause?\n[2024-01-02 10:00:00] ERROR: connection refused\n"
     "[2024-01-02 10:00:01] ERROR: connection refused", None),
    ("for context, this is what the old version printed:\nERROR: invalid config\nWARNING: deprecated flag", None),
    ("can you write a parser for lines like this?\nERROR: something failed at step 3\nINFO: retrying", None),
    ("works. I also want the CLI to print errors like this:\nerror: file not found: x.csv", None),
]


def test_a_paste_after_the_work_is_its_result_unless_the_words_say_otherwise() -> None:
    wrong = [(t[:40], want, got) for t, want in PASTES_AFTER_THE_WORK if (got := _typed("claim", t)) != want]
    assert not wrong, wrong


MORE_NEAR_MISSES = [
    "still looks good to me, merge it",
    "I am still seeing some warnings from the old module, but those are unrelated to this change",
    "the error messages are still a bit cryptic for end users, can we improve the wording?",
    "the import still takes 10 minutes for big files, which was expected. let's add a progress bar",
    "no change to the public API please",
    "these errors in the console are from my browser extension, ignore them",
    # a problem of the product's domain, named as work to do
    "the wrong password message should be red",
    "we need a report of missing invoices per month",
    "add a page for broken links",
    "run the migration again on staging",
    "i dont see the point of keeping the old flag, remove it",
    "it returns null when the user is anonymous, and that is what the spec says",
    "the previous dev left the tests broken, can you fix them?",
    "the warning about the peer dependency is expected, we pin that version on purpose",
    "The title says Untitled for new docs, please make it say New document instead",
    "use a modal instead of a new page",
]


def test_reports_the_user_sets_apart_from_the_work_stay_untyped() -> None:
    wrong = [(t, got) for t in MORE_NEAR_MISSES if (got := _typed("claim", t)) is not None]
    assert not wrong, wrong


LONG_NEW_TASKS = [
    # a long message after the work whose opening reads like a report, and whose rest makes it a new task
    "The search doesn't show archived projects. That was on purpose at first, but now the team wants to see them, so "
    "add a toggle in the filter bar that includes archived projects, default off, and remember the choice per user.",
    "The report doesn't include the tax column yet. Please add it after the subtotal column, computed from the line "
    "items with the rate from settings, and make sure the CSV export includes it too. We'll need the same on the PDF later.",
    "The login page shows a blank screen when the API is down, which is the case I want to handle next: show a friendly "
    "message with a retry button, log the failure, and keep the email the user typed so they don't lose it.",
    "Same thing for the invoices page: it needs the new table component, the sorting, the pagination, and the empty "
    "state we did for orders. Reuse as much as you can and keep the tests in the same style as the orders ones.",
]


def test_a_long_message_whose_rest_makes_it_a_new_task_stays_untyped() -> None:
    for text in LONG_NEW_TASKS:
        assert len(text) > 200
        assert _typed("claim", text) is None, text[:60]
    # the opening still decides when nothing after it excludes it
    report = ("still not rendering the thumbnails. I uploaded two more sample images so you can compare the output, "
              "and a tiny script that renders a single thumbnail would make this quicker to debug before we fold it back in.")
    assert len(report) > 200 and _typed("claim", report) == "result-error"


# The ordinary forms of each phenomenon right after the agent said it was done (a stranger's words for it).
AFTER_THE_WORK: list[tuple[str, str]] = [
    ("still nothing", "result-error"),
    ("the styles aren't applied", "result-error"),
    ("i don't see any difference", "result-error"),
    ("looks exactly the same", "result-error"),
    ("it looks the same as before", "result-error"),
    ("now the login is broken", "result-error"),
    ("now nothing loads", "result-error"),
    ("tests are red", "result-error"),
    ("didnt work", "result-error"),
    ("no luck", "result-error"),
    ("did you also update the docs?", "omission"),
    ("and the tests?", "omission"),
    ("there's no test for it", "omission"),
    ("go back to the previous version", "instruction-violation"),
    ("roll it back", "instruction-violation"),
    ("we don't use redux", "premise-error"),
    ("that's not the problem", "premise-error"),
    ("nope, that isn't the issue", "premise-error"),
    ("actually it's in src/lib", "premise-error"),
    ("actually the endpoint only takes ids", "premise-error"),
    ("acatually it showed the old output every time", "premise-error"),
    ("why are you editing the tests?", "instruction-violation"),
    ("where are the tests?", "omission"),
    ("where's the migration?", "omission"),
    ("I said the blue one", "instruction-violation"),
    ("you deleted my changes!", "instruction-violation"),
    ("wait, you removed the tests", "instruction-violation"),
    ("change it back", "instruction-violation"),
    ("switch it back to the old layout", "instruction-violation"),
    ("no, I said three columns", "instruction-violation"),
]

AFTER_THE_WORK_UNTYPED = [
    "and the next step?",
    "now the cart is empty, add a continue shopping button",
    "there are no tests for the old module, can you write some?",
    "there's no documentation for the CLI, that's fine for now",
    "that's not the point of this PR, but good catch",
    "now the service is failing over correctly, great",
    "we don't use it much, so keep it simple",
    "it looks the same on mobile, which is good",
    "I don't see any change in performance, which is expected since it's just a refactor",
    "roll it back if the tests fail",
    "go back to the previous version of the plan and continue from step 3",
    "actually it works now",
    "actually, let's also add a cache",
    "actually it's fine, leave it",
    "actually, can you also add logging?",
    "actually we need a second endpoint for admins",
    "why are you using a queue here? just curious",
    "where are the logs?",
    "where is the config file?",
    "where are the tests run in CI?",
    "I said the same thing to the team yesterday",
    "you removed the dead code, nice",
    "you removed the flag as asked, thanks",
    "set it back to 30 seconds when we're done testing",
    "switch it back once the migration has run",
    "I said in the README that we support 3.8",
    "I said the deadline is friday so let's keep it small",
]


def test_the_ordinary_forms_after_the_work() -> None:
    wrong = [(t, want, got) for t, want in AFTER_THE_WORK if (got := _typed("claim", t)) != want]
    assert not wrong, wrong
    wrong_untyped = [(t, got) for t in AFTER_THE_WORK_UNTYPED if (got := _typed("claim", t)) is not None]
    assert not wrong_untyped, wrong_untyped
    # the same words opening a task, after a turn that only explained, are not corrections
    assert [t for t, _ in AFTER_THE_WORK if _typed("explained", t) is not None] == []


def test_a_long_first_sentence_is_read_by_its_opening_clause_after_the_work() -> None:
    complaint = ("still no difference after all those edits, could you add a log line at the very top of the handler that "
                 "prints the request path so we can at least see whether the new code runs at all when I reload the page")
    assert len(complaint) > 200 and "." not in complaint
    assert _typed("claim", complaint) == "result-error"
    assert _typed("explained", complaint) is None
    task = ("Now that the importer is done, I'd like to work on the export side, which has been neglected for a while and "
            "is still missing a proper CSV writer with quoting, a JSON lines mode, and a way to choose the columns")
    assert len(task) > 200 and _typed("claim", task) is None
    # the opening clause goes on into a "but" clause: the report the first began
    report = ("the dialog opens now, but when I click confirm I get this error: the handler expected a list of integers and "
              "received a single string, coming from the query parameters that the router passes on to the controller")
    assert len(report) > 200 and "." not in report
    assert _typed("claim", report) == "result-error"
    assert _typed("explained", report) is None
    wish = ("the form looks right now, but could you also add a second step to the wizard where the user picks a plan, "
            "shows the price per month and the yearly discount, and only then goes on to the payment details page")
    assert len(wish) > 200 and _typed("claim", wish) is None


# Words of a correction said of something else: a task named after an explanation, a follow-up question,
# the scope of a later version, an opinion on a name, the problem the work solved, an idiom, a new fixture.
SAID_OF_SOMETHING_ELSE: list[tuple[str, str]] = [
    ("explained", "the totals on the invoice page are wrong when a discount applies, fix that"),
    ("explained", "the migration wasn't run on staging, can you run it?"),
    ("explained", "there's no such endpoint yet, create it"),
    ("explained", "I told the team we'd ship friday, so let's focus on the export"),
    ("explained", "you're right, the second option is better"),
    ("explained", "still missing: the export and the settings page. start with the export"),
    ("claim", "I asked you earlier about the cache, any thoughts?"),
    ("claim", "it's still missing a few features but that's for v2"),
    ("claim", "it's wrong to call this a cache, rename it to store"),
    ("claim", "the totals were off before your fix, now they're right"),
    ("claim", "there's no such thing as too many tests, add more"),
    ("claim", "the user doesn't exist in the test db, create a fixture for them"),
    ("claim", "no, the tests are enough"),
    ("claim", "no, that's exactly right"),
    ("claim", "you didn't need to run the tests, but thanks"),
    ("claim", "like you said, it's a race. can you add a lock?"),
    ("claim", "we agreed to ship on friday, so please finish the docs today"),
    # instructions for the result, the user's own device or server
    ("claim", "throw instead of returning null"),
    ("claim", "make it return an empty list instead of None"),
    ("claim", "it's not working on my phone but I think it's because my phone is old, ignore"),
    ("claim", "wait, I need to restart my server first"),
    ("claim", "perfect, 2 tests left failing, both in the auth module which we haven't touched yet"),
    ("claim", "it still uses the old api for the mobile client, which is intentional"),
    ("claim", "put the old logo back, the marketing team wants it"),
    # "no" that declines or approves, "you …" that grants or praises
    ("claim", "no, not now"),
    ("claim", "no, we don't have to support ie"),
    ("claim", "no, it's ok as long as the tests pass"),
    ("claim", "no, just commit what you have"),
    ("claim", "you have access to the staging db now"),
    ("claim", "you changed it exactly how I wanted"),
    ("claim", "you don't need to ask me before running tests"),
    ("claim", "you forgot? no worries, do it now"),
]


def test_words_of_a_correction_said_of_something_else_stay_untyped() -> None:
    wrong = [(c, t, got) for c, t in SAID_OF_SOMETHING_ELSE if (got := _typed(c, t)) is not None]
    assert not wrong, wrong
    # the forms these were kept apart from still type
    assert _typed("claim", "I asked you twice.") == "instruction-violation"
    assert _typed("claim", "I asked you not to touch the config") == "instruction-violation"
    assert _typed("claim", "that helper doesn't exist in this repo, where is it from?") == "premise-error"


# Said with no context, these name the agent's work themselves (the words stand for the context);
# the same facts after a turn that only explained, or said of someone else, are not typed.
NAMING_THE_WORK: list[tuple[str, str]] = [
    ("you were told not to use sudo", "instruction-violation"),
    ("your patch leaves out the error handling for timeouts", "omission"),
    ("I asked for a draft PR, you opened a regular one", "instruction-violation"),
    ("I was talking about the CLI flag, not the config key", "premise-error"),
    ("You're editing the vendored copy under third_party/. The real source is in libs/yaml.", "premise-error"),
    ("You said all call sites were updated, but billing still calls parse_amount with two args", "result-error"),
    ("now the build fails with a type error", "result-error"),
    ("now the page renders blank", "result-error"),
    ("it compiles but crashes on startup with a nil pointer", "result-error"),
    ("tests pass but the page is blank now", "result-error"),
]
NAMING_SOMETHING_ELSE: list[tuple[str, str]] = [
    ("explained", "now the build fails with a type error"),
    ("explained", "it compiles but crashes on startup with a nil pointer"),
    ("claim", "you said we should use redis, but I'd rather not add a dependency"),
    ("claim", "you said earlier that the cache is optional, is that still true?"),
    ("claim", "it works but it's a bit slow"),
    ("claim", "it works but fails when the csv has a BOM, add handling for that"),
    ("claim", "it works but crashes if the disk is full, which is fine for now"),
    ("claim", "now the inbox is empty, great"),
    ("claim", "now the test suite fails fast instead of hanging, nice"),
    ("claim", "you were told about the deadline, right?"),
    ("claim", "I was talking about this with the team, not sure yet"),
    ("claim", "I asked for a quote, the vendor sent a pdf"),
]


def test_words_that_name_the_agents_work() -> None:
    wrong = [(t, want, got) for t, want in NAMING_THE_WORK if (got := _typed("none", t)) != want]
    assert not wrong, wrong
    wrong_else = [(c, t, got) for c, t in NAMING_SOMETHING_ELSE if (got := _typed(c, t)) is not None]
    assert not wrong_else, wrong_else


# The request restated, a habit named, a removal refused, a snag asked politely, right after the work.
RESTATED: list[tuple[str, str]] = [
    ("you keep forgetting the imports", "omission"),
    ("sometimes you miss a file when you search", "omission"),
    ("I'm not sure I was clear: I want the list sorted by date", "premise-error"),
    ("let me rephrase: the button should open a modal", "premise-error"),
    ("what I wanted was a CSV export", "premise-error"),
    ("no, you can't delete that", "instruction-violation"),
    ("no, we can't drop that table", "instruction-violation"),
    ("nice work, one tiny glitch left in the sidebar, could you fix that please", "result-error"),
    ("The export still misbehaves. The progress bar jumps back to zero. No errors in the console.", "result-error"),
]
RESTATED_UNTYPED = [
    "you always forget nothing, great memory",
    "to be clear, this is a prototype, so keep it simple",
    "let me clarify the next task: we need an admin page",
    "what I want is for you to add a dark mode next",
    "what I need is a summary of the changes for the PR description",
    "we shouldn't remove the old endpoint until next month",
    "but we can't merge it before the release, so wait",
    "no errors in the console, works great",
    "just a small thing if you can: add a docstring",
    "works, the remaining issue is on the backend side which Tom handles",
    "looks good, one small issue in my own code: the test helper is outdated, I'll update it",
    "nice. the only snag is that the designer hasn't sent the icons yet",
    "the export misbehaves on the old server, but that server is being retired",
    "I'm not sure I was clear earlier about the deadline, it's friday",
    "let me rephrase the next task so it's clearer: add pagination to the orders list",
    "what I wanted was to see if it works, and it does. thanks",
]


def test_the_request_restated_after_the_work() -> None:
    wrong = [(t, want, got) for t, want in RESTATED if (got := _typed("claim", t)) != want]
    assert not wrong, wrong
    wrong_untyped = [(t, got) for t in RESTATED_UNTYPED if (got := _typed("claim", t)) is not None]
    assert not wrong_untyped, wrong_untyped


# Informal spellings: the same phenomena typed, and the near misses still untyped.
INFORMAL: list[tuple[str, str]] = [
    ("u forgot the tests", "omission"),
    ("u didn't add it to the menu", "omission"),
    ("nothing was added to the changelog", "omission"),
    ("i told u not to touch that", "instruction-violation"),
    ("why did u delete that", "instruction-violation"),
    ("dont touch the config!!", "instruction-violation"),
    ("NO. dont delete it", "instruction-violation"),
    ("u misunderstood", "premise-error"),
    ("no thats in the other repo", "premise-error"),
    ("thats not a thing in this version", "premise-error"),
    ("still broke", "result-error"),
    ("still borken", "result-error"),
    ("not workin", "result-error"),
    ("now its broken", "result-error"),
]
INFORMAL_UNTYPED = [
    "dont push yet, i want to review first",
    "dont forget the changelog",
    "dont worry about the docs",
    "thats fine, u can commit",
    "its done? great, ship it",
    "u can run the tests now",
]


def test_informal_spellings() -> None:
    wrong = [(t, want, got) for t, want in INFORMAL if (got := _typed("claim", t)) != want]
    assert not wrong, wrong
    wrong_untyped = [(t, got) for t in INFORMAL_UNTYPED if (got := _typed("claim", t)) is not None]
    assert not wrong_untyped, wrong_untyped


# What the agent said or worked from, denied right after its work.
DENIED: list[tuple[str, str]] = [
    ("that's not in the file", "premise-error"),
    ("it's not a react project, it's vue", "premise-error"),
    ("we're not on aws, we use gcp", "premise-error"),
    ("the file is not there", "premise-error"),
    ("that isn't true, the endpoint returns json", "premise-error"),
    ("that's not true", "premise-error"),
    ("not true, it was already there", "premise-error"),
    ("this was already working before your change", "premise-error"),
    ("that's already done", "premise-error"),
    ("there's no tsconfig in this repo", "premise-error"),
]
DENIED_UNTYPED = [
    "that's not in the file yet, add it",
    "the server isn't running, start it please",
    "the file is not there yet, create it",
    "that's true, let's do it",
    "that's already done by the CI, skip it",
    "it was already there before, good that you kept it",
    "if that's not the case, skip the migration",
    "no, we're not using docker for this, so skip the Dockerfile",
    "cool. it's not in the roadmap but I'd like a dark mode toggle",
    "we're not in a hurry, take your time with the tests",
    "not true that we need redis for this, but let's keep it for now",
    "it isn't there in the mobile version either, but that one is a separate repo",
    "the logs are not there because logging is disabled in dev, enable it",
    "no, not a react project this time: make the new one in svelte",
    "it's already late here, let's continue tomorrow",
    "that's already a lot better. next, the footer",
    "it was already there in the old design, so keep it",
    "thats exactly what i wanted",
]


def test_what_the_agent_worked_from_denied() -> None:
    wrong = [(t, want, got) for t, want in DENIED if (got := _typed("claim", t)) != want]
    assert not wrong, wrong
    wrong_untyped = [(t, got) for t in DENIED_UNTYPED if (got := _typed("claim", t)) is not None]
    assert not wrong_untyped, wrong_untyped
    assert [t for t, _ in DENIED if _typed("explained", t) is not None] == []


# Thanks or approval first, then what is wrong: the report still types after the work.
POLITE_REPORTS: list[tuple[str, str]] = [
    ("thanks, but it still crashes on save", "result-error"),
    ("ok but the page is still blank", "result-error"),
    ("great, but the docs weren't updated", "omission"),
    ("looks good but it doesn't work on mobile", "result-error"),
]
POLITE_UNTYPED = [
    "thanks, but the next feature isn't urgent, so take a break",
    "ok but that's not important right now",
    "yes but I still want the old one as a fallback",
    "great, but never mind the docs",
    "good, but it's still early, let's wait for feedback",
]


def test_thanks_then_what_is_wrong() -> None:
    wrong = [(t, want, got) for t, want in POLITE_REPORTS if (got := _typed("claim", t)) != want]
    assert not wrong, wrong
    wrong_untyped = [(t, got) for t in POLITE_UNTYPED if (got := _typed("claim", t)) is not None]
    assert not wrong_untyped, wrong_untyped


# "No" that leaves the choice to the agent, "stop" that lets it go ahead, "I meant" that defines a word.
LEAVE_IT_TO_THE_AGENT = [
    "no, use your judgment",
    "no, use whatever is simplest",
    "no, go with your plan",
    "nope, stick with what you have",
    "no, keep using the current approach",
    "no, try it out on staging first and tell me",
    "no no, use it, it's fine",
    "nah, use the same as before",
    "stop worrying about backwards compatibility, nobody uses v1",
    "stop being so careful, just push it",
    "stop asking and just do it",
    "what I meant by fast is under 100ms",
    "you should use the new logger everywhere from now on",
    "don't touch that until I say so",
]


def test_words_that_leave_the_choice_to_the_agent_stay_untyped() -> None:
    wrong = [(t, got) for t in LEAVE_IT_TO_THE_AGENT if (got := _typed("claim", t)) is not None]
    assert not wrong, wrong
    assert _typed("claim", "no. switch to the async client") == "instruction-violation"
    assert _typed("none", "no, use this approach instead") == "instruction-violation"


# Standing instructions, plans and praise that use the words of the newer rules.
NEWER_RULES_NEAR_MISSES = [
    "don't add anything else, this is enough",
    "don't commit the generated files",
    "don't use emojis in the commit message",
    "never push to main directly",
    "don't change anything else for now",
    "leave the tests alone, they're fine",
    "leave the old branch as it was, we might need it",
    "I asked for a review from Maria, she'll reply tomorrow",
    "actually the tests are slow, can we speed them up?",
    "actually there's one more thing to add: a dark mode",
    "actually it has to be done by friday",
    "actually we already have a logger, reuse it in the new module too",
    "that's not true for the free tier, but fine for pro users",
    "it's already done? wow, fast",
    "that's already there, great, then move on to the next one",
    "what I wanted was a quick fix, and this is perfect",
    "you removed the TODO too, which is fine",
    "it works but I'd like a nicer error message",
    "you said it might be slow, but it's fast enough",
    "there's no test for the CLI yet, add one",
    "that's not the problem I want to solve today",
    "we don't use it anywhere else, so delete it",
    "but we shouldn't change the API in this PR, right?",
    "why are you renaming the variables? just curious",
    "I said the same in the issue",
    "you keep getting better at this",
    "undo is not needed, keep it",
    "ok stop, that's enough for today",
]


def test_standing_instructions_plans_and_praise_stay_untyped() -> None:
    wrong = [(t, got) for t in NEWER_RULES_NEAR_MISSES if (got := _typed("claim", t)) is not None]
    assert not wrong, wrong


# Round 2 (issue 13): forms of strangers' corrections, each with the near misses that share its words.
ROUND_TWO: list[tuple[str, str, str]] = [
    # a fact set against the agent's, right after its work
    ("claim", "the bucket is named `media-prod`, not `media`", "premise-error"),
    ("claim", "prod runs node 18, not 20, so no fetch", "premise-error"),
    ("claim", "the config lives under `server` not under `client`.", "premise-error"),
    ("claim", "we don't use docker on this project", "premise-error"),
    ("claim", "where did `API_SECRET` come from? it's not in our env", "premise-error"),
    # more was done than asked, the instruction pointed back to
    ("claim", "I only needed the function, not a whole module", "instruction-violation"),
    ("claim", "I just wanted a one line change", "instruction-violation"),
    ("claim", "you merged it yourself?? I said wait for review", "instruction-violation"),
    ("claim", "no migrations in this PR, I was clear about that", "instruction-violation"),
    ("claim", "I made that very clear: no new files", "instruction-violation"),
    ("claim", "this writes to disk again. read what I wrote above", "instruction-violation"),
    ("claim", "never force-push without asking me first", "instruction-violation"),
    ("claim", "there was a helper for this already, you should have extended it", "instruction-violation"),
    ("claim", "keep the method name, the plugins call it", "instruction-violation"),
    ("claim", "no, keep the old signature", "instruction-violation"),
    # the result, tried and failed
    ("claim", "this broke the two other importers", "result-error"),
    ("claim", "tried that, no luck", "result-error"),
    ("claim", "did that, still the same `ECONNRESET` error", "result-error"),
    ("claim", "same `EADDRINUSE` error", "result-error"),
    ("claim", "the totals are off by a factor of 10", "result-error"),
    ("claim", "the timeout is wrong, you set 5 minutes", "result-error"),
    ("claim", "way too verbose. two sentences max", "result-error"),
    ("claim", "too complicated, nobody on the team will maintain that", "result-error"),
    # "fine, but" then what the agent did
    ("claim", "fine, but you added `requests`, we already have httpx in the deps", "premise-error"),
]

ROUND_TWO_NEAR_MISSES: list[tuple[str, str]] = [
    ("claim", "the goal is speed, not elegance"),
    ("claim", "it's fine, not urgent"),
    ("claim", "the build is green, not a single warning"),
    ("claim", "the page is fast now and not broken on mobile"),
    ("explained", "the table is called `customers`, not `users`"),
    ("asked", "the header is called `Nav`, not `Header`"),
    ("claim", "the cache is not only slow, it's stale"),
    ("claim", "we don't use the old endpoint anymore, remove it"),
    ("claim", "we don't use it anywhere, good"),
    ("explained", "we don't use redis"),
    ("claim", "where did the time go? ha, that was fast"),
    ("claim", "I only needed the command, thanks, that works"),
    ("claim", "I just wanted to say great work"),
    ("claim", "as usual, never deploy on friday without asking the on-call"),
    ("claim", "this broke down nicely into three steps"),
    ("claim", "tried that, works now"),
    ("claim", "fine, but add a test for the empty case too"),
    ("claim", "ok, but you added a test, which is great; now do the docs"),
    ("claim", "I said earlier that the deadline is friday, so let's keep it simple"),
    ("none", "read what I wrote in the issue and start on it"),
    ("claim", "keep the names short in the next module"),
    ("asked", "keep the old name"),
    ("claim", "too long for a tweet, but fine for the blog"),
    ("claim", "too many tests is not a problem here"),
    ("asked", "too long."),
]


def test_round_two_corrections_are_typed() -> None:
    wrong = [(c, t, want, _typed(c, t)) for c, t, want in ROUND_TWO if _typed(c, t) != want]
    assert not wrong, wrong


def test_round_two_near_misses_stay_untyped() -> None:
    wrong = [(c, t, got) for c, t in ROUND_TWO_NEAR_MISSES if (got := _typed(c, t)) is not None]
    assert not wrong, wrong


# Round three: real traffic's failures reported right after the agent's work, in everyday words.
ROUND_THREE: list[tuple[str, str, str]] = [
    # a fresh error shown after the change
    ("claim", "now I get this error: TypeError: cannot read properties of undefined", "result-error"),
    ("claim", "when I open the settings page I get the following exception: KeyError 'theme'", "result-error"),
    ("claim", "there is now this error in the console: module not found", "result-error"),
    ("claim", "ok, now we have this: ZeroDivisionError in totals()", "result-error"),
    ("claim", "I tried to log in but got this: invalid session", "result-error"),
    ("claim", "well, now I get a 403 when calling the export endpoint", "result-error"),
    ("claim", "let's look at the error I'm getting when saving a draft: column does not exist", "result-error"),
    ("claim", "the sync is disconnected with socket error: connection refused", "result-error"),
    # the fix itself judged
    ("claim", "hmm, the patch appears to have failed to fix the redirect loop", "result-error"),
    ("claim", "hey, the write to /etc/app/app.conf failed. retry it with sudo", "result-error"),
    ("claim", "when I try to add a second address I get this error: value too long", "result-error"),
    ("claim", "your change failed to fix it. can you dig into why?", "result-error"),
    # a failure the user cannot explain, tried and failed
    ("claim", "for some reason I can't upload a file anymore", "result-error"),
    ("claim", "somehow it made the logo disappear", "result-error"),
    ("claim", "I clicked the export button but nothing downloads", "result-error"),
    ("claim", "I restarted the server but it still doesn't pick up the config", "result-error"),
    ("claim", "failure, read the container logs and work out what broke", "result-error"),
    ("claim", "3 failed, fix them so the whole suite is green", "result-error"),
    ("claim", "failed the lint step, can you find out why?", "result-error"),
    ("claim", "help me figure out why the totals are not updating", "result-error"),
    ("claim", "why are all these warnings showing up now?", "result-error"),
    ("claim", "why am I getting this exception?", "result-error"),
    ("claim", "no no, instead of a loop just use a dict lookup", "instruction-violation"),
    # the result named broken, still the same
    ("claim", "the login page broken", "result-error"),
    ("claim", "what did you change?? search broken??", "result-error"),
    ("claim", "it's erroring on every request now", "result-error"),
    ("claim", "still same output, print the parsed rows so I can see them", "result-error"),
    ("claim", "still I don't see the new column", "omission"),
    ("claim", "still a bit off, the icons are not aligned", "result-error"),
    # the request done the other way, the wrong thing kept
    ("claim", "no no, you did the exact opposite! the header goes at the bottom", "instruction-violation"),
    ("claim", "that's the opposite of what I asked for", "instruction-violation"),
    ("claim", "you are removing validate_email and parse_phone. they must stay.", "instruction-violation"),
    ("none", "wait, you're deleting the fixtures", "instruction-violation"),
    ("claim", "the correct path should be config/app.yaml", "premise-error"),
    ("claim", "no, the right table is invoices_v2", "premise-error"),
    ("claim", "nice, but in the parser you understood something wrong: dates are day first", "premise-error"),
]

ROUND_THREE_NEAR_MISSES: list[tuple[str, str]] = [
    # the same words opening a task: nothing of the agent's came before
    ("none", "now I get this error: TypeError: cannot read properties of undefined"),
    ("explained", "when I open the settings page I get the following exception: KeyError 'theme'"),
    ("explained", "for some reason I can't upload a file, can you look into it?"),
    ("explained", "I clicked the export button but nothing downloads"),
    ("explained", "the login page broken"),
    ("explained", "the correct path should be config/app.yaml"),
    # a feature asked for, errors named as its subject
    ("claim", "add error handling so users never see this error: a raw traceback"),
    ("claim", "show an error when the upload fails"),
    ("claim", "make sure we catch the exception I'm getting when the token expires"),
    # hypotheticals
    ("claim", "if you get this error: permission denied, run it with sudo"),
    ("claim", "if the push failed to fix the build, tell me"),
    ("claim", "in case it is broken, roll back"),
    ("claim", "if the install failed, retry it with sudo"),
    ("explained", "the migration to postgres 16 failed."),
    ("explained", "help me figure out why the totals are not updating"),
    ("claim", "can you double-check the totals before we ship?"),
    ("explained", "why am I getting this exception?"),
    ("asked", "no, instead of a modal use a toast"),
    ("claim", "why are these errors logged as warnings in general?"),
    # someone else's or an old failure, the user's own slip
    ("claim", "yesterday I tried to deploy but got this: quota exceeded. unrelated, fine now"),
    ("claim", "my colleague gets this error: SSL handshake failed, on his laptop"),
    ("claim", "for some reason I think I typed the wrong port, my bad"),
    # the agent's proposal taken up, with the scope of the work ahead
    ("claim", "ok, try that approach but only in the invoices module. do not touch anything else."),
    ("claim", "great, go with your second option"),
    # praise and plans
    ("claim", "you are removing the dead code, good"),
    ("claim", "the correct file is open now, thanks"),
    ("claim", "i suspect there's a bug with the cache command; compare how the other commands resolve paths"),
    ("claim", "this runs on my own box; I'm chasing a fault, probably a problem in the proxy settings"),
    ("claim", "it was broken before your change"),
]


def test_round_three_corrections_are_typed() -> None:
    wrong = [(c, t, want, _typed(c, t)) for c, t, want in ROUND_THREE if _typed(c, t) != want]
    assert not wrong, wrong


def test_round_three_near_misses_stay_untyped() -> None:
    wrong = [(c, t, got) for c, t in ROUND_THREE_NEAR_MISSES if (got := _typed(c, t)) is not None]
    assert not wrong, wrong


@pytest.mark.parametrize(("text", "type_"), [
    ("I already tried that", "premise-error"), ("tried that already", "premise-error"),
    ("already tried that, same result", "result-error"), ("tried that already, nothing", "result-error"),
])
def test_tried_already_answers_the_agents_suggestion(text: str, type_: str) -> None:
    assert classify(text, previous="Fixed the cache key; try it again.").type == type_
    assert classify(text).type not in TYPES


def test_the_users_own_progress_before_a_request_is_no_correction() -> None:
    assert classify("I already did the migration, now add the seed data", previous="I've updated the models.",
                      previous_tools=["Edit(models.py)"]).type not in TYPES


# Phenomena the other packs cover, in their ordinary English forms (parity round): (text, the type right after
# the agent's work). Each with its look-alikes below, which stay untyped in every context.
PARITY_AFTER_THE_WORK = [
    # something wrong, said right after the work
    ("Something went wrong!", "result-error"),
    ("hmm, something is off", "result-error"),
    ("there is an issue when I click save", "result-error"),
    ("issue when running", "result-error"),
    # what happens when the user does something, reported
    ("when I press save nothing happens", "result-error"),
    ("if I open the settings page the app freezes", "result-error"),
    ("whenever I reload, the list is empty again", "result-error"),
    ("each time I refresh the page, the filters reset", "result-error"),
    ("as soon as I log in I get a 500", "result-error"),
    ("if I click export the file is empty", "result-error"),
    # it worked before, the old one was better
    ("it worked before your change", "result-error"),
    ("this used to work", "result-error"),
    ("it was working fine before you touched it", "result-error"),
    ("the old version was better", "result-error"),
    # reversed
    ("it's reversed", "result-error"),
    ("the order is backwards", "result-error"),
    ("you sorted it the wrong way round", "result-error"),
    # done in part
    ("only half of them are fixed", "result-error"),
    ("it only works for the first item", "result-error"),
    ("it's only partially working", "result-error"),
    # what it should be, and what it is
    ("it should be 10 but it shows 12", "result-error"),
    ("it should show the name, but it shows the id", "result-error"),
    ("the total should include tax but it doesn't", "result-error"),
    # fixed, and a new problem
    ("that fixed the crash but now the header overlaps", "result-error"),
    ("the crash is gone but now it's really slow", "result-error"),
    ("ok the login works now but the logout button disappeared", "result-error"),
    # odd-looking result, unlike the spec
    ("the layout looks weird", "result-error"),
    ("something is off with the totals", "result-error"),
    ("it doesn't match the mockup", "result-error"),
    ("that's not what the spec says", "result-error"),
    # no effect
    ("that had no effect", "result-error"),
    ("it made no difference", "result-error"),
    # left in, not wired up
    ("you left the debug prints in", "omission"),
    ("the console.log is still in there", "omission"),
    ("the docs still say v1", "omission"),
    ("the new endpoint isn't hooked up", "omission"),
    ("it's not wired in anywhere", "omission"),
    ("the function never gets called", "omission"),
    # not needed
    ("that's not needed", "instruction-violation"),
    ("that's unnecessary", "instruction-violation"),
    ("we don't need that wrapper", "instruction-violation"),
    ("there's no need for a new class", "instruction-violation"),
]

# Said of the agent: typed in any context.
PARITY_ANY_CONTEXT = [
    # the agent's instructions followed, and they failed
    ("I ran the command you gave me and got permission denied", "result-error"),
    ("ran the migration you wrote and now the users table is empty", "result-error"),
    ("Did what you told me, and the build broke.", "result-error"),
    ("I followed your instructions and got an error", "result-error"),
    # the agent named as the one who broke it
    ("you messed it up again", "result-error"),
    ("you really screwed this up", "result-error"),
    # repeated, unasked, not listened to
    ("you did it again", "instruction-violation"),
    ("you're doing it again", "instruction-violation"),
    ("again you changed the tests", "instruction-violation"),
    ("you changed way too much", "instruction-violation"),
    ("don't make changes on your own", "instruction-violation"),
    ("you're not listening", "instruction-violation"),
    ("are you even reading what I write?", "instruction-violation"),
    ("wasn't I clear?", "instruction-violation"),
    ("what part of don't touch it did you not understand?", "instruction-violation"),
    ("this isn't what I wanted", "instruction-violation"),
]

PARITY_LOOK_ALIKES = [
    # specs and questions with the same openings
    "when the request fails, show a banner",
    "if the upload fails, retry three times",
    "when I press save it should close the dialog",
    "if I open the settings page, show the new toggle",
    "whenever the list is empty, show a placeholder",
    "when I click submit, send the form to /api/orders",
    "if I click export, does it download a csv?",
    "when I press save nothing happens, which is what we want until the backend is ready",
    # the agent's instructions followed, and fine
    "I ran the command you gave me and it worked, thanks",
    "I did what you said, what's next?",
    "I followed your steps, now let's add the tests",
    "I installed your fix, the error is gone. Now the 404 page needs a link home.",
    "I ran the script you wrote and it printed the same totals as before, which is what we want",
    "if I run the command you gave me, will it delete anything?",
    # attributes and tasks
    "this flag has no effect on production",
    "the setting has no effect unless you restart, add that to the docs",
    "it used to work with python 3.8, can you add support for 3.12?",
    "the old version was better documented, copy the docs over",
    "only the first item needs a badge",
    "it only needs to work for the first item",
    "the total should include tax",
    "the crash is gone, great. now add a loading spinner",
    "leave the debug prints in for now",
    "it still uses the old api for the mobile client, which is intentional",
    "the new endpoint isn't hooked up yet, do that next",
    "the function should be called on startup",
    "reverse the order",
    "sort it backwards please",
    "make it match the mockup",
    "the layout looks great",
    "it looks weird to me but the designer wanted it that way",
    "I just ran my own script and something is strange",
    # the same words, not said of the agent's work
    "can you do it again for the other file?",
    "did you mess it up?",
    "if something goes wrong, roll back",
    'show "Something went wrong" when the request fails',
    "the something went wrong message should be friendlier",
    "I messed it up, sorry",
    "you're doing this again for the admin page, right? same steps as before",
    "again you changed the wording on the button, good call, keep that",
    "this isn't what I wanted to ask about, but while you're here, bump the version",
    "do it again with the staging data",
    "you can change as much as you need",
    "are you reading the config from env?",
    "we don't need a database for this, keep it in memory",
]


# Day seven: forms a fresh sample of other people's sessions showed right after the work, with the look-alikes
# that share their words.
DAY_SEVEN_AFTER_THE_WORK = [
    ("not seeing the new toggle at all?", "omission"),
    ("I'm still not seeing any change on the settings page", "omission"),
    ("hmm, not seeing it", "omission"),
    ("an error pops up when I open the dashboard", "result-error"),
    ("error appeared while saving the form", "result-error"),
    ("now I get: TypeError: cannot read properties of undefined", "result-error"),
    ("the chart still flickers on resize", "result-error"),
    ("the list still freezes when I scroll", "result-error"),
    ("nice, but it's not vertically centered on wide screens", "result-error"),
    ("the tabs aren't clickable on a phone", "result-error"),
]
DAY_SEVEN_LOOK_ALIKES = [
    "not seeing any errors now, great",
    "not seeing the need for a cache here",
    "zero errors now!",
    "0 errors now, thanks",
    "no more crashes now",
    "now I have: a working build and green tests",
    "the menu isn't visible for admins, that's by design",
    "it's not visible to guests, which is intended",
    "make sure the panel is not visible to guests",
]


@pytest.mark.parametrize(("text", "type_"), PARITY_AFTER_THE_WORK + DAY_SEVEN_AFTER_THE_WORK)
def test_phenomena_of_the_other_packs_after_the_work(text: str, type_: str) -> None:
    assert _typed("claim", text) == type_
    assert _typed("none", text) is None  # a bare report at the start of a task is no correction
    assert _typed("explained", text) is None


@pytest.mark.parametrize(("text", "type_"), PARITY_ANY_CONTEXT)
def test_phenomena_of_the_other_packs_said_of_the_agent(text: str, type_: str) -> None:
    assert _typed("claim", text) == type_
    assert _typed("none", text) == type_


@pytest.mark.parametrize("text", PARITY_LOOK_ALIKES + DAY_SEVEN_LOOK_ALIKES)
def test_look_alikes_of_those_phenomena_stay_untyped(text: str) -> None:
    for context in ("claim", "explained", "none"):
        assert _typed(context, text) is None, context
