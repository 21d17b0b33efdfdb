"""The few GitHub REST calls behind `git-ledger pr`: open or update one pull request per branch.

Standard library only (urllib): four endpoints do not justify a client library. The token is
sent in a header and never appears in messages, logs or exceptions.
"""
from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from git_ledger.errors import FatalError

API_VERSION = "2022-11-28"
DEFAULT_API_URL = "https://api.github.com"


_USERINFO = re.compile(r"//[^/\s@]{1,256}@")  # credentials in a URL


class GitHubError(FatalError):
    """An API call failed; the message says which call, the status and GitHub's own message."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class PullRequest:
    number: int
    url: str
    created: bool  # False when an existing open PR for the branch was reused


class GitHub:
    def __init__(
        self,
        repo: str,
        token: str,
        api_url: str = DEFAULT_API_URL,
        *,
        timeout: float = 30,
        retries: int = 2,
    ) -> None:
        if repo.count("/") != 1 or not all(repo.split("/")):
            raise FatalError(f"--repo must be OWNER/NAME, got {repo!r}")
        self.owner, self.name = repo.split("/")
        self._token = token
        self.api_url = api_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries

    # ------------------------------------------------------------------ calls
    def request(self, method: str, path: str, body: Any = None, query: dict[str, str] | None = None) -> Any:
        url = f"{self.api_url}/repos/{self.owner}/{self.name}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = None if body is None else json.dumps(body).encode()
        headers = {
            "Accept": "application/vnd.github+json",
            "Authorization": f"Bearer {self._token}",
            "X-GitHub-Api-Version": API_VERSION,
            "User-Agent": "git-ledger",
        }
        if data is not None:
            headers["Content-Type"] = "application/json"
        what = f"{method} {path.split('?')[0]}"
        for attempt in range(self.retries + 1):
            req = urllib.request.Request(url, data=data, method=method, headers=headers)  # noqa: S310  (the API base URL)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:  # noqa: S310
                    raw = resp.read()
                    return json.loads(raw) if raw.strip() else None
            except urllib.error.HTTPError as e:
                status, payload, hdrs = e.code, _json_or_none(e.read()), e.headers
                if status >= 500 and attempt < self.retries:
                    time.sleep(0.5 * (attempt + 1))
                    continue
                raise GitHubError(self.redact(_describe(what, status, payload, hdrs)), status) from None
            except (urllib.error.URLError, TimeoutError, OSError) as e:
                if attempt < self.retries:
                    time.sleep(0.5 * (attempt + 1))
                    continue
                reason = getattr(e, "reason", e)
                raise GitHubError(self.redact(f"{what}: cannot reach {self.api_url}: {reason}")) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def redact(self, text: str) -> str:
        """`text` without the token: an API (or a proxy) may quote the Authorization header back
        in an error body, and a user may write a token into --api-url (`https://x:TOKEN@…`)."""
        if self._token:
            text = text.replace(self._token, "***")
        return _USERINFO.sub("//***@", text)

    def find_open_pr(self, branch: str, base: str | None = None) -> PullRequest | None:
        query = {"state": "open", "head": f"{self.owner}:{branch}"}
        if base:
            query["base"] = base
        pulls = self.request("GET", "/pulls", query=query) or []
        for pull in pulls:
            if pull.get("head", {}).get("ref", branch) == branch:
                return PullRequest(int(pull["number"]), str(pull.get("html_url", "")), created=False)
        return None

    def open_pr(self, branch: str, base: str, title: str, body: str) -> PullRequest:
        """Create the PR, or update the open one for `branch` (never a duplicate).

        Create first, as peter-evans/create-pull-request does: GitHub answers 422 "A pull request
        already exists for …" when one is open, and then we look it up by `owner:branch`.
        """
        try:
            pull = self.request(
                "POST",
                "/pulls",
                {"title": title, "head": branch, "base": base, "body": body, "maintainer_can_modify": True},
            )
            return PullRequest(int(pull["number"]), str(pull.get("html_url", "")), created=True)
        except GitHubError as e:
            if e.status != 422 or "already exists" not in str(e):
                raise
        existing = self.find_open_pr(branch)
        if existing is None:
            raise GitHubError(f"POST /pulls: GitHub says a pull request for {branch} exists, but none is open", 422)
        self.request("PATCH", f"/pulls/{existing.number}", {"title": title, "body": body})
        return existing

    def add_labels(self, number: int, labels: list[str]) -> None:
        self.request("POST", f"/issues/{number}/labels", {"labels": labels})


def _json_or_none(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return None


def _describe(what: str, status: int, payload: Any, headers: Any) -> str:
    message = payload.get("message", "") if isinstance(payload, dict) else ""
    errors = payload.get("errors") if isinstance(payload, dict) else None
    if isinstance(errors, list):
        details = "; ".join(str(e.get("message") or e.get("code") or e) if isinstance(e, dict) else str(e) for e in errors)
        if details:
            message = f"{message} ({details})" if message else details
    remaining = headers.get("x-ratelimit-remaining") if headers is not None else None
    if status in (403, 429) and (remaining == "0" or "rate limit" in message.lower()):
        reset = headers.get("x-ratelimit-reset") if headers is not None else None
        when = ""
        if reset and reset.isdigit():
            when = " until " + time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(int(reset)))
        retry = headers.get("retry-after") if headers is not None else None
        if retry:
            when = f" for {retry} s"
        return f"{what}: GitHub rate limit reached{when}; run again later ({status}: {message or 'rate limited'})"
    if status == 401:
        return f"{what}: 401 unauthorized: check GITHUB_TOKEN ({message or 'bad credentials'})"
    if status == 403 and "not permitted to create" in message.lower():
        return (f"{what}: 403 {message}: allow GitHub Actions to create pull requests "
                "(Settings > Actions > General > Workflow permissions)")
    return f"{what}: {status} {message or 'error'}".rstrip()
