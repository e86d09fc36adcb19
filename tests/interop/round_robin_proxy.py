"""A round-robin HTTP front for test_shared_store.py: each successive request goes to the next backend.

    round_robin_proxy.py --listen 127.0.0.1:P --backend http://127.0.0.1:A [--backend ...] --log FILE

It stands where a load balancer without session affinity stands in front of gateway replicas: a legacy MCP
session's `initialize`, its `tools/call` and the client's answer to the server's question each land on another
replica. With a single `--backend` it is a recording pass-through (the test's spy between the replicas and an
SDK server, to show what reached the server). Bodies are forwarded unchanged and responses streamed back as they
come (SSE included), like transparent_proxy.py.

Two rotations, both plain round robin over the backends:
- JSON-RPC messages that carry an id (requests and the client's responses to the server's requests): the SDK
  clients send these one after another (a call, then the answer to the question that call's stream asked), so
  a client's `initialize`, `tools/call` and answer land on three consecutive backends, as the test needs;
- everything else (notifications, the standalone GET stream, DELETE): the SDKs send these concurrently with
  the calls (the GET opens while the first call is on its way), so on a shared rotation which replica got the
  call would depend on thread timing. On their own rotation they still spread, and the id-carrying sequence
  stays deterministic.

Every exchange is logged to FILE as JSON lines, one `start` line when the backend is chosen (`seq`, `backend`,
the HTTP method, the session id, the JSON-RPC `kind`/`method`/`id`, the first CAPTURE bytes of the request body)
and one `end` line when the response is over (`status`, content type, the `Mcp-Session-Id` it set, the first
CAPTURE bytes of the response body). A long-lived stream writes its `end` only when it ends, so readers poll
for what they need.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "host", "content-length"}
# Bounds: a request body larger than MAX_BODY is refused (413), as the gateway's default limit refuses it;
# responses stream in reads of CHUNK bytes; the log keeps the first CAPTURE bytes of each body (enough for an
# SDK message or the first events of a stream: the test looks for an `elicitation/create`, an error code, a
# marker value), so a long stream cannot grow the log without limit.
MAX_BODY = 4 * 1024 * 1024
CHUNK = 16 * 1024
CAPTURE = 64 * 1024
# A backend that sends no byte for this long is given up on: longer than any call of the tests (the client's
# own deadline is 60 s a call), and it ends the threads still relaying a standalone GET stream whose client
# went away without a DELETE (the TS SDK client closes without one).
BACKEND_TIMEOUT_S = 120


def classify(body: bytes) -> dict[str, Any]:
    """The JSON-RPC shape of a request body: kind (request, response, notification, other), method, id."""
    try:
        msg = json.loads(body) if body else None
    except ValueError:
        return {"kind": "other"}
    if not isinstance(msg, dict):
        return {"kind": "other"}
    has_id = msg.get("id") is not None
    if "method" in msg:
        return {"kind": "request" if has_id else "notification", "method": msg["method"], "id": msg.get("id")}
    if has_id and ("result" in msg or "error" in msg):
        out: dict[str, Any] = {"kind": "response", "id": msg["id"]}
        if isinstance(msg.get("error"), dict):
            out["error_code"] = msg["error"].get("code")
        return out
    return {"kind": "other"}


class Front:
    """The backends, the two rotations and the log; shared by the handler threads."""

    def __init__(self, backends: list[str], log_path: str) -> None:
        self.backends = [urllib.parse.urlsplit(b) for b in backends]
        self._with_id = itertools.cycle(range(len(backends)))
        self._other = itertools.cycle(range(len(backends)))
        self._seq = itertools.count(1)
        self._lock = threading.Lock()
        self._log = open(log_path, "a", encoding="utf-8")  # noqa: SIM115 - open for the process's lifetime

    def pick(self, rpc: dict[str, Any]) -> tuple[int, int]:
        with self._lock:
            rotation = self._with_id if rpc["kind"] in ("request", "response") else self._other
            return next(self._seq), next(rotation)

    def record(self, line: dict[str, Any]) -> None:
        text = json.dumps(line) + "\n"
        with self._lock:
            self._log.write(text)
            self._log.flush()


def make_handler(front: Front) -> type[BaseHTTPRequestHandler]:
    class Proxy(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # close-delimited responses: streaming without re-chunking

        def _forward(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                self.send_error(413)
                return
            body = self.rfile.read(length) if length else b""
            rpc = classify(body)
            seq, index = front.pick(rpc)
            target = front.backends[index]
            front.record(
                {
                    "seq": seq,
                    "event": "start",
                    "backend": index,
                    "http": self.command,
                    "path": self.path,
                    "session": self.headers.get("Mcp-Session-Id"),
                    **rpc,
                    "body": body[:CAPTURE].decode(errors="replace"),
                }
            )
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            conn = http.client.HTTPConnection(target.hostname, target.port, timeout=BACKEND_TIMEOUT_S)
            status, ctype, session, captured = 0, "", None, bytearray()
            try:
                conn.request(self.command, self.path, body=body or None, headers=headers)
                resp = conn.getresponse()
                status, ctype = resp.status, resp.getheader("Content-Type", "")
                session = resp.getheader("Mcp-Session-Id")
                self.send_response(resp.status)
                for k, v in resp.getheaders():
                    if k.lower() not in HOP_BY_HOP:
                        self.send_header(k, v)
                self.end_headers()
                while True:
                    chunk = resp.read1(CHUNK)
                    if not chunk:
                        break
                    if len(captured) < CAPTURE:
                        captured += chunk[: CAPTURE - len(captured)]
                    self.wfile.write(chunk)
                    self.wfile.flush()
            except (OSError, http.client.HTTPException) as err:
                # A client that went away, or a backend that failed: logged, the exchange is over.
                front.record({"seq": seq, "event": "error", "error": f"{type(err).__name__}: {err}"})
                if status == 0:
                    try:
                        self.send_error(502)
                    except OSError:
                        pass
            finally:
                conn.close()
                front.record(
                    {
                        "seq": seq,
                        "event": "end",
                        "backend": index,
                        "status": status,
                        "content_type": ctype,
                        "response_session": session,
                        "response": bytes(captured).decode(errors="replace"),
                    }
                )

        do_GET = do_POST = do_DELETE = _forward  # noqa: N815 - http.server's naming

        def log_message(self, *_args: object) -> None:
            return

    return Proxy


def hostport(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    return host, int(port)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--listen", required=True)
    parser.add_argument("--backend", action="append", required=True, help="http://host:port; repeat for more")
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    front = Front(args.backend, args.log)
    server = ThreadingHTTPServer(hostport(args.listen), make_handler(front))
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
