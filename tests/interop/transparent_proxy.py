"""A transparent HTTP proxy with the gateway's CLI: the harness's control case, not a gateway.

`python transparent_proxy.py serve --listen H:P --upstream URL --admin-listen H:P [--max-rounds N]`
forwards every request to the upstream unchanged and streams the answer back (SSE included); the
admin listener answers `/readyz` and an empty `/metrics`. It enforces nothing. Pointing
ELICITGUARD_BIN at `transparent_proxy.sh` must make the benign and era tests pass (the proxying
works) and the hostile and endless-asker tests fail (the assertions do catch a gateway that lets
everything through); test_harness_self_check.py runs exactly that.
"""

from __future__ import annotations

import argparse
import http.client
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "host", "content-length"}
# Bounds: a request body larger than this is refused; reads stream in chunks of this size.
MAX_BODY = 4 * 1024 * 1024
CHUNK = 16 * 1024


def make_proxy(upstream: str) -> type[BaseHTTPRequestHandler]:
    target = urllib.parse.urlsplit(upstream)

    class Proxy(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # close-delimited responses: streaming without re-chunking

        def _forward(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                self.send_error(413)
                return
            body = self.rfile.read(length) if length else None
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            conn = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
            try:
                conn.request(self.command, target.path or "/", body=body, headers=headers)
                resp = conn.getresponse()
                self.send_response(resp.status)
                for k, v in resp.getheaders():
                    if k.lower() not in HOP_BY_HOP:
                        self.send_header(k, v)
                self.end_headers()
                while True:
                    chunk = resp.read1(CHUNK)
                    if not chunk:
                        break
                    self.wfile.write(chunk)
                    self.wfile.flush()
            finally:
                conn.close()

        do_GET = do_POST = do_DELETE = _forward  # noqa: N815 - http.server's naming

        def log_message(self, *_args: object) -> None:
            return

    return Proxy


class Admin(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        if self.path in ("/readyz", "/healthz"):
            body, ctype = b"ok\n", "text/plain"
        elif self.path == "/metrics":
            body, ctype = b"", "text/plain; version=0.0.4"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        return


def hostport(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    return host, int(port)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["serve"])
    parser.add_argument("--listen", required=True)
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--admin-listen", required=True)
    parser.add_argument("--max-rounds", type=int, default=0)  # accepted and ignored: nothing is enforced
    args = parser.parse_args()
    admin = ThreadingHTTPServer(hostport(args.admin_listen), Admin)
    threading.Thread(target=admin.serve_forever, daemon=True).start()
    ThreadingHTTPServer(hostport(args.listen), make_proxy(args.upstream)).serve_forever()


if __name__ == "__main__":
    main()
