"""A local stand-in for the few GitHub REST endpoints `git-ledger pr` uses.

Every request is checked against the official OpenAPI description (the subset in
tests/data/github-openapi-subset.json): the path and method must exist, path and query parameters
and the JSON body must match their schemas, and the body may not carry properties the schema does
not define. A request that fails validation gets a 400 and is recorded in `violations`, so a test
can assert that there were none.
"""
from __future__ import annotations

import json
import re
import threading
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import jsonschema

from tests.testing.loopback import serving
from tests.testing.util import DATA_DIR

TOKEN = "ghs_fakeTokenForTests0123456789abcdef"


def _load_spec() -> dict[str, Any]:
    return json.loads((DATA_DIR / "github-openapi-subset.json").read_text(encoding="utf-8"))


def _resolve(spec: dict[str, Any], node: Any, seen: frozenset[str] = frozenset()) -> Any:
    """Inline `$ref`s and turn OpenAPI 3.0 `nullable` into JSON Schema, for jsonschema."""
    if isinstance(node, list):
        return [_resolve(spec, n, seen) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        ref = node["$ref"]
        if ref in seen:
            return {}  # recursive schemas: accept anything below the cycle
        target: Any = spec
        for part in ref.lstrip("#/").split("/"):
            target = target[part]
        return _resolve(spec, target, seen | {ref})
    out = {k: _resolve(spec, v, seen) for k, v in node.items() if k not in ("nullable", "example", "examples")}
    if node.get("nullable"):
        out = {"anyOf": [out, {"type": "null"}]}
    return out


@dataclass
class Operation:
    method: str
    template: str
    regex: re.Pattern[str]
    op: dict[str, Any]


def _operations(spec: dict[str, Any]) -> list[Operation]:
    ops = []
    for template, methods in spec["paths"].items():
        regex = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "([^/]+)", re.escape(template)) + "$")
        for method, op in methods.items():
            if method in ("get", "post", "patch", "put", "delete"):
                ops.append(Operation(method.upper(), template, regex, op))
    return ops


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    operation: str


@dataclass
class FakeGitHub:
    owner: str = "example"
    repo: str = "widget"
    requests: list[Recorded] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    pulls: dict[int, dict[str, Any]] = field(default_factory=dict)
    labels: dict[int, list[str]] = field(default_factory=dict)
    # operationId -> list of status codes to answer with, consumed one per matching request.
    failures: dict[str, list[int]] = field(default_factory=dict)
    stale_list: bool = False  # pulls/list answers [] (to exercise the 422 lookup path)
    echo_headers: bool = False  # failures quote the request's headers back, as some proxies do
    url: str = ""

    def __post_init__(self) -> None:
        self.spec = _load_spec()
        self.ops = _operations(self.spec)
        self._lock = threading.Lock()

    def calls(self, operation: str) -> list[Recorded]:
        return [r for r in self.requests if r.operation == operation]

    # ------------------------------------------------------------ validation
    def _validate(self, method: str, path: str, query: dict[str, str], body: Any, headers: Any) -> tuple[str, list[str]]:
        problems: list[str] = []
        if headers.get("Authorization") != f"Bearer {TOKEN}":
            problems.append("missing or wrong Authorization header")
        if headers.get("X-GitHub-Api-Version") is None:
            problems.append("missing X-GitHub-Api-Version")
        for op in self.ops:
            m = op.regex.match(path)
            if op.method != method or m is None:
                continue
            params = [_resolve(self.spec, p) for p in op.op.get("parameters", [])]
            names = re.findall(r"\{([^}]+)\}", op.template)
            path_values = dict(zip(names, (urllib.parse.unquote(v) for v in m.groups())))
            for p in params:
                value: Any = path_values.get(p["name"]) if p["in"] == "path" else query.get(p["name"])
                if value is None:
                    if p.get("required"):
                        problems.append(f"missing {p['in']} parameter {p['name']}")
                    continue
                schema = p.get("schema", {})
                if schema.get("type") == "integer":
                    if not str(value).isdigit():
                        problems.append(f"{p['name']}={value!r} is not an integer")
                        continue
                    value = int(value)
                try:
                    jsonschema.validate(value, schema)
                except jsonschema.ValidationError as e:
                    problems.append(f"parameter {p['name']}: {e.message}")
            known = {p["name"] for p in params if p["in"] == "query"}
            problems += [f"unknown query parameter {k}" for k in query if k not in known]
            rb = op.op.get("requestBody")
            if rb is not None:
                schema = _resolve(self.spec, rb["content"]["application/json"]["schema"])
                if body is None and rb.get("required"):
                    problems.append("missing request body")
                elif body is not None:
                    try:
                        jsonschema.validate(body, schema)
                    except jsonschema.ValidationError as e:
                        problems.append(f"body: {e.message}")
                    props = schema.get("properties")
                    if isinstance(body, dict) and props is not None:
                        problems += [f"body: unknown property {k}" for k in body if k not in props]
            elif body is not None:
                problems.append("unexpected request body")
            return str(op.op["operationId"]), problems
        return "", [f"no such operation: {method} {path}"]

    # --------------------------------------------------------------- answers
    def handle(self, method: str, raw_path: str, body: Any, headers: Any) -> tuple[int, Any]:
        parsed = urllib.parse.urlsplit(raw_path)
        query = dict(urllib.parse.parse_qsl(parsed.query))
        with self._lock:
            operation, problems = self._validate(method, parsed.path, query, body, headers)
            self.requests.append(Recorded(method, parsed.path, query, body, operation))
            if problems:
                self.violations += [f"{method} {parsed.path}: {p}" for p in problems]
                return 400, {"message": "; ".join(problems)}
            planned = self.failures.get(operation)
            if planned:
                status = planned.pop(0)
                if status == 403:
                    return status, {"message": "API rate limit exceeded for installation."}
                if self.echo_headers:
                    return status, {"message": f"rejected: Authorization: {headers.get('Authorization')}",
                                    "errors": [{"message": f"header {headers.get('Authorization')}"}]}
                return status, {"message": "Server Error" if status >= 500 else "Failure for the test"}
            return self._answer(operation, parsed.path, query, body)

    def _pull_json(self, number: int) -> dict[str, Any]:
        p = self.pulls[number]
        return {
            "number": number,
            "html_url": f"https://github.com/{self.owner}/{self.repo}/pull/{number}",
            "state": p["state"],
            "title": p["title"],
            "body": p["body"],
            "head": {"ref": p["head"], "label": f"{self.owner}:{p['head']}"},
            "base": {"ref": p["base"]},
        }

    def _answer(self, operation: str, path: str, query: dict[str, str], body: Any) -> tuple[int, Any]:
        if operation == "pulls/create":
            for p in self.pulls.values():
                if p["head"] == body["head"] and p["state"] == "open":
                    return 422, {
                        "message": "Validation Failed",
                        "errors": [{"resource": "PullRequest", "code": "custom",
                                    "message": f"A pull request already exists for {self.owner}:{body['head']}."}],
                    }
            number = len(self.pulls) + 1
            self.pulls[number] = {"head": body["head"], "base": body["base"], "title": body["title"],
                                  "body": body.get("body", ""), "state": "open"}
            return 201, self._pull_json(number)
        if operation == "pulls/list":
            if self.stale_list:
                return 200, []
            head = query.get("head", "")
            branch = head.split(":", 1)[1] if ":" in head else head
            return 200, [self._pull_json(n) for n, p in self.pulls.items()
                         if (not head or p["head"] == branch)
                         and query.get("state", "open") in (p["state"], "all")]
        if operation == "pulls/update":
            number = int(path.rsplit("/", 1)[1])
            if number not in self.pulls:
                return 404, {"message": "Not Found"}
            self.pulls[number].update({k: v for k, v in body.items() if k in ("title", "body", "state")})
            return 200, self._pull_json(number)
        if operation == "issues/add-labels":
            number = int(path.split("/")[-2])
            names = body["labels"] if isinstance(body, dict) else body
            self.labels.setdefault(number, [])
            self.labels[number] += [n for n in names if n not in self.labels[number]]
            return 200, [{"name": n} for n in self.labels[number]]
        return 404, {"message": "Not Found"}


def serve(fake: FakeGitHub) -> Iterator[FakeGitHub]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _do(self) -> None:
            size = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(size) if size else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = {"__invalid_json__": True}
            status, answer = fake.handle(self.command, self.path, body, self.headers)
            data = json.dumps(answer).encode()
            self.send_response(status)
            if status == 403:
                self.send_header("x-ratelimit-remaining", "0")
                self.send_header("x-ratelimit-reset", "1900000000")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _do

    with serving(Handler) as fake.url:
        yield fake


def spec_path() -> Path:
    return DATA_DIR / "github-openapi-subset.json"
