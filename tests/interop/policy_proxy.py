"""A toy policy proxy with the gateway's CLI: the harness's positive control, not the gateway.

It applies, crudely, the decisions in DESIGN.md that the interop assertions check, so that running
the suite with ELICITGUARD_BIN=policy_proxy.sh shows the assertions can be met by a conforming
gateway and that both SDKs surface what they check (error codes, `data.rules`):

- a modern `input_required` result with a hostile entry becomes a JSON-RPC error `-32010` for the
  same id, `data.rules` naming the rule; past `--max-rounds` it becomes `-32011` (`limit.rounds`);
  a url entry for a client that declared no url mode becomes `-32021` (HTTP 400, as on a JSON body);
- a legacy `elicitation/create` on a call's SSE stream is judged the same way; when blocked, the
  upstream's request is answered with `-32010` (POSTed with the session id), the client gets the
  error for its own request id, and the stream ends.

Its judgement is a few regular expressions, and it counts modern rounds by reading our own test
servers' `requestState` ("round:N"): only good enough for these peers. It keeps no state.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from transparent_proxy import CHUNK, HOP_BY_HOP, MAX_BODY, Admin, hostport

SECRET = re.compile(r"password|passwd|token|api[ _-]?key|secret", re.I)
CAPS_KEY = "io.modelcontextprotocol/clientCapabilities"


def judge(params: dict[str, Any]) -> list[str]:
    """Rule ids a form or url elicitation breaks."""
    rules: list[str] = []
    if params.get("mode") == "url":
        host = urllib.parse.urlsplit(str(params.get("url", ""))).hostname or ""
        if any(label.startswith("xn--") for label in host.split(".")):
            rules.append("url.host.punycode")
        return rules
    props = (params.get("requestedSchema") or {}).get("properties") or {}
    for name, prop in props.items():
        prop = prop if isinstance(prop, dict) else {}
        text = " ".join([name, str(prop.get("title", "")), str(prop.get("description", ""))])
        if SECRET.search(text) and "form.secret.password" not in rules:
            rules.append("form.secret.password")
        if prop.get("type") == "object" or (prop.get("items") or {}).get("type") == "object":
            if "form.schema.nested" not in rules:
                rules.append("form.schema.nested")
    return rules


class Counters:
    """The two counters the Prometheus test reads, in the gateway's names (exposition text)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.elicitations: dict[str, int] = {"allow": 0, "block": 0}
        self.findings: dict[str, int] = {}

    def count(self, entries: int, rules: list[str]) -> None:
        with self.lock:
            self.elicitations["block" if rules else "allow"] += entries
            for rule in rules:
                self.findings[rule] = self.findings.get(rule, 0) + 1

    def render(self) -> bytes:
        with self.lock:
            # With HELP and TYPE for each family, so `promtool check metrics` reads it as it reads the gateway's.
            lines = ["# HELP elicitguard_requests_total Judged requests (the toy counts judged messages).",
                     "# TYPE elicitguard_requests_total counter",
                     f'elicitguard_requests_total{{route="default"}} {sum(self.elicitations.values())}',
                     "# HELP elicitguard_elicitations_total Elicitations judged, by verdict.",
                     "# TYPE elicitguard_elicitations_total counter"]
            lines += [f'elicitguard_elicitations_total{{route="default",verdict="{v}"}} {n}' for v, n in self.elicitations.items()]
            lines += ["# HELP elicitguard_findings_total Findings, by rule.", "# TYPE elicitguard_findings_total counter"]
            lines += [f'elicitguard_findings_total{{rule="{r}"}} {n}' for r, n in self.findings.items()]
        return ("\n".join(lines) + "\n").encode()


COUNTERS = Counters()


class MetricsAdmin(Admin):
    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        if self.path != "/metrics":
            super().do_GET()
            return
        body = COUNTERS.render()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def error(rid: Any, code: int, message: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message, "data": data}}


def make_proxy(upstream: str, max_rounds: int) -> type[BaseHTTPRequestHandler]:
    target = urllib.parse.urlsplit(upstream)

    def verdict_modern(request: dict[str, Any], result: dict[str, Any], rid: Any) -> tuple[int, dict] | None:
        if result.get("resultType") != "input_required":
            return None
        params = request.get("params") or {}
        declared = ((params.get("_meta") or {}).get(CAPS_KEY) or {}).get("elicitation")
        rounds = int(request.get("_pp_rounds", 0))
        if rounds >= max_rounds:
            return 200, error(rid, -32011, "elicitation round budget exceeded", {"rules": ["limit.rounds"]})
        for entry in (result.get("inputRequests") or {}).values():
            p = entry.get("params") or {}
            if entry.get("method") == "elicitation/create" and p.get("mode") == "url":
                if not isinstance(declared, dict) or "url" not in declared:
                    data = {"requiredCapabilities": {"elicitation": {"url": {}}}}
                    return 400, error(rid, -32021, "client did not declare url elicitation", data)
            rules = judge(p) if entry.get("method") == "elicitation/create" else []
            if rules:
                COUNTERS.count(1, rules)
                return 200, error(rid, -32010, "elicitation blocked by policy", {"rules": rules, "incident": "t"})
        COUNTERS.count(len(result.get("inputRequests") or {}), [])
        # Allowed: wrap the upstream's state with the round count (a toy envelope, unsealed).
        upstream_state = result.get("requestState")
        result["requestState"] = f"pp{rounds + 1}|" + ("" if upstream_state is None else "s" + upstream_state)
        return None

    class Proxy(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def _forward(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                self.send_error(413)
                return
            body = self.rfile.read(length) if length else None
            try:
                request = json.loads(body) if body else {}
            except ValueError:
                request = {}
            request = request if isinstance(request, dict) else {}
            params = request.get("params")
            if isinstance(params, dict) and isinstance(params.get("requestState"), str):
                m = re.fullmatch(r"pp(\d+)\|(s?)(.*)", params["requestState"], re.S)
                if m:
                    request["_pp_rounds"] = int(m.group(1))
                    if m.group(2):
                        params["requestState"] = m.group(3)
                    else:
                        del params["requestState"]
                    body = json.dumps({k: v for k, v in request.items() if k != "_pp_rounds"}).encode()
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            conn = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
            try:
                conn.request(self.command, target.path or "/", body=body, headers=headers)
                resp = conn.getresponse()
                ctype = resp.getheader("Content-Type", "")
                if "application/json" in ctype and "id" in request:
                    self._json(resp, request)
                elif "text/event-stream" in ctype and "id" in request:
                    self._sse(resp, request, headers)
                else:
                    self._head(resp.status, resp.getheaders())
                    while chunk := resp.read1(CHUNK):
                        self.wfile.write(chunk)
                        self.wfile.flush()
            finally:
                conn.close()

        do_GET = do_POST = do_DELETE = _forward  # noqa: N815 - http.server's naming

        def _head(self, status: int, headers: list[tuple[str, str]]) -> None:
            self.send_response(status)
            for k, v in headers:
                if k.lower() not in HOP_BY_HOP:
                    self.send_header(k, v)
            self.end_headers()

        def _json(self, resp: http.client.HTTPResponse, request: dict[str, Any]) -> None:
            raw = resp.read()
            try:
                message = json.loads(raw)
            except ValueError:
                message = None
            found = None
            if isinstance(message, dict) and isinstance(message.get("result"), dict):
                found = verdict_modern(request, message["result"], message.get("id"))
            if found is None:
                if isinstance(message, dict) and (message.get("result") or {}).get("resultType") == "input_required":
                    raw = json.dumps(message).encode()
                keep = [(k, v) for k, v in resp.getheaders() if k.lower() != "content-length"]
                self._head(resp.status, [*keep, ("Content-Length", str(len(raw)))])
                self.wfile.write(raw)
                return
            status, replacement = found
            out = json.dumps(replacement).encode()
            keep = [(k, v) for k, v in resp.getheaders() if k.lower() not in ("content-type", "content-length")]
            self._head(status, [*keep, ("Content-Type", "application/json")])
            self.wfile.write(out)

        def _sse(self, resp: http.client.HTTPResponse, request: dict[str, Any], headers: dict[str, str]) -> None:
            self._head(resp.status, resp.getheaders())
            session = resp.getheader("Mcp-Session-Id") or self.headers.get("Mcp-Session-Id")
            rounds = 0
            event: list[bytes] = []
            while True:
                line = resp.readline()
                if not line:
                    return
                event.append(line)
                if line.strip():
                    continue
                data = b"".join(x[5:].strip() for x in event if x.startswith(b"data:"))
                lines, event = event, []
                message: Any = None
                if data:
                    try:
                        message = json.loads(data)
                    except ValueError:
                        message = None
                blocked: dict[str, Any] | None = None
                if isinstance(message, dict) and message.get("method") == "elicitation/create":
                    rounds += 1
                    rules = ["limit.rounds"] if rounds > max_rounds else judge(message.get("params") or {})
                    COUNTERS.count(1, rules)
                    if rules:
                        code = -32011 if rules == ["limit.rounds"] else -32010
                        self._answer_upstream(message.get("id"), code, rules, session, headers)
                        blocked = error(request.get("id"), code, "elicitation blocked by policy", {"rules": rules})
                elif isinstance(message, dict) and isinstance(message.get("result"), dict):
                    found = verdict_modern(request, message["result"], message.get("id"))
                    if found is not None:
                        blocked = found[1]
                    elif message["result"].get("resultType") == "input_required":
                        lines = [b"event: message\ndata: " + json.dumps(message).encode() + b"\n\n"]
                if blocked is not None:
                    self.wfile.write(b"event: message\ndata: " + json.dumps(blocked).encode() + b"\n\n")
                    self.wfile.flush()
                    return
                self.wfile.write(b"".join(lines))
                self.wfile.flush()

        def _answer_upstream(self, rid: Any, code: int, rules: list[str], session: str | None, headers: dict) -> None:
            reply = json.dumps(error(rid, code, "elicitation blocked by policy", {"rules": rules})).encode()
            h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
            if session:
                h["Mcp-Session-Id"] = session
            for k, v in headers.items():
                if k.lower() == "mcp-protocol-version":
                    h["MCP-Protocol-Version"] = v
            conn = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
            try:
                conn.request("POST", target.path or "/", body=reply, headers=h)
                conn.getresponse().read()
            finally:
                conn.close()

        def log_message(self, *_args: object) -> None:
            return

    return Proxy


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["serve"])
    parser.add_argument("--listen", required=True)
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--admin-listen", required=True)
    parser.add_argument("--max-rounds", type=int, default=3)
    args = parser.parse_args()
    admin = ThreadingHTTPServer(hostport(args.admin_listen), MetricsAdmin)
    threading.Thread(target=admin.serve_forever, daemon=True).start()
    ThreadingHTTPServer(hostport(args.listen), make_proxy(args.upstream, args.max_rounds)).serve_forever()


if __name__ == "__main__":
    main()
