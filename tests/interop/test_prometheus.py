"""A real Prometheus (Debian's `prometheus`) scrapes the gateway's admin /metrics and sees the counters move.

`test_prometheus_scrapes_stub_exporter` proves the plumbing (generated config, readiness, the query
API, the alert rules loading) against a tiny stub exporter, so it runs without the gateway.
`test_gateway_counters_move_in_prometheus` needs ELICITGUARD_BIN: it drives one allowed and one
blocked elicitation through the gateway with the Python SDK client, then polls Prometheus until
`elicitguard_elicitations_total` moved for both verdicts. `test_gateway_metrics_pass_promtool` runs
`promtool check metrics` (it ships with Debian's `prometheus`) on the running gateway's /metrics, as a
scraper without OpenMetrics reads it (issue 37).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import harness

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "prometheus"
# Scrape often so the test waits seconds, not minutes.
SCRAPE_INTERVAL = "1s"
# Prometheus start-up plus a few scrapes and a rule evaluation, on a loaded two-core machine.
QUERY_DEADLINE_S = 45.0


@dataclass
class Prometheus:
    port: int
    proc: harness.Proc

    def query(self, expr: str) -> list[dict[str, Any]]:
        url = f"http://127.0.0.1:{self.port}/api/v1/query?" + urllib.parse.urlencode({"query": expr})
        body = json.loads(harness.http_get(url))
        assert body.get("status") == "success", f"query {expr!r} failed: {body}"
        return list(body["data"]["result"])

    def value(self, expr: str) -> float | None:
        """The single value of an instant query, or None while the series does not exist."""
        result = self.query(expr)
        if not result:
            return None
        return float(result[0]["value"][1])

    def wait_value(self, what: str, expr: str, ok: Any) -> float:
        def check() -> list[float] | None:
            v = self.value(expr)
            # Wrapped in a list: a value of 0 is an answer, not "not yet".
            return [v] if v is not None and ok(v) else None

        found = harness.wait_until(f"Prometheus: {what} ({expr})", check, self.proc, QUERY_DEADLINE_S)
        return float(found[0])


def start_prometheus(tmp: Path, target: str, name: str) -> Prometheus:
    binary = shutil.which("prometheus")
    assert binary, "prometheus not found: run tests/interop/setup.sh (installs Debian's prometheus)"
    shutil.copy(DEPLOY / "alerts.yml", tmp / "alerts.yml")
    config = tmp / "prometheus.yml"
    # JSON is YAML: no YAML library needed to write the config.
    config.write_text(
        json.dumps(
            {
                "global": {"scrape_interval": SCRAPE_INTERVAL, "evaluation_interval": SCRAPE_INTERVAL},
                "rule_files": [str(tmp / "alerts.yml")],
                "scrape_configs": [
                    {
                        "job_name": "elicitguard",
                        "metrics_path": "/metrics",
                        "static_configs": [{"targets": [target]}],
                    }
                ],
            }
        )
    )
    port = harness.free_port()
    proc = harness.start(
        f"prometheus-{name}",
        [
            binary,
            f"--config.file={config}",
            f"--storage.tsdb.path={tmp / 'data'}",
            f"--web.listen-address=127.0.0.1:{port}",
        ],
        cwd=tmp,
    )
    harness.wait_until(
        f"prometheus /-/ready on :{port}", lambda: harness.http_status(f"http://127.0.0.1:{port}/-/ready") == 200, proc
    )
    return Prometheus(port=port, proc=proc)


# ---------------------------------------------------------------- the stub exporter


class StubExporter:
    """Serves a Prometheus text exposition with elicitguard's counter names; counts are set by the test."""

    def __init__(self) -> None:
        self.counts = {"allow": 0, "block": 0}
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                if self.path != "/metrics":
                    self.send_error(404)
                    return
                with stub.lock:
                    lines = ["# TYPE elicitguard_elicitations_total counter"]
                    for verdict, n in stub.counts.items():
                        lines.append(
                            'elicitguard_elicitations_total{route="default",era="modern",'
                            f'mode="form",verdict="{verdict}"}} {n}'
                        )
                body = ("\n".join(lines) + "\n").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain; version=0.0.4")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = int(self.server.server_address[1])
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def stub() -> Iterator[StubExporter]:
    s = StubExporter()
    try:
        yield s
    finally:
        s.close()


def test_prometheus_scrapes_stub_exporter(tmp_path: Path, stub: StubExporter) -> None:
    prom = start_prometheus(tmp_path, f"127.0.0.1:{stub.port}", "stub")
    try:
        prom.wait_value("target up", 'up{job="elicitguard"}', lambda v: v == 1)
        block = 'sum(elicitguard_elicitations_total{verdict="block"})'
        prom.wait_value("zero blocks scraped", block, lambda v: v == 0)
        with stub.lock:
            stub.counts["block"] += 1
            stub.counts["allow"] += 2
        assert prom.wait_value("block counter moved", block, lambda v: v >= 1) == 1
        assert prom.wait_value("allow counter moved", 'sum(elicitguard_elicitations_total{verdict="allow"})', lambda v: v >= 2) == 2
        # The alert rules load into the real server too.
        rules = json.loads(harness.http_get(f"http://127.0.0.1:{prom.port}/api/v1/rules"))
        names = {r["name"] for g in rules["data"]["groups"] for r in g["rules"]}
        assert {"ElicitGuardElicitationBlocksSpiking", "ElicitGuardDown"} <= names, names
    finally:
        prom.proc.stop()


# ---------------------------------------------------------------- through the gateway


@pytest.mark.skipif(not harness.gateway_bin(), reason="needs ELICITGUARD_BIN=/path/to/elicitguard")
def test_gateway_counters_move_in_prometheus(tmp_path: Path, upstreams: dict[str, harness.Upstream]) -> None:
    binary = harness.gateway_bin()
    assert binary
    # A gateway of its own, so its counters start from nothing and only this test moves them.
    gw = harness.start_gateway(binary, upstreams["py"].url, "prometheus")
    prom = None
    try:
        prom = start_prometheus(tmp_path, f"127.0.0.1:{gw.admin_port}", "gateway")
        prom.wait_value("gateway target up", 'up{job="elicitguard"}', lambda v: v == 1)
        block_q = 'sum(elicitguard_elicitations_total{verdict="block"}) or vector(0)'
        allow_q = 'sum(elicitguard_elicitations_total{verdict="allow"}) or vector(0)'
        block0 = prom.value(block_q) or 0.0
        allow0 = prom.value(allow_q) or 0.0

        spec = harness.ClientSpec("py", "auto", "2026-07-28")
        where = "[py-client[auto] -> py-server via gateway] prometheus"
        r = harness.run_client(spec, gw.url, ["book_table", "nested_profile"], where)
        booked, nested = r.calls["book_table"], r.calls["nested_profile"]
        assert booked["kind"] == "result" and not booked["isError"], f"{where}: book_table: {booked}"
        assert nested["callbacks"] == 0 and nested["kind"] == "error", f"{where}: nested_profile: {nested}"

        prom.wait_value("block counter moved", block_q, lambda v: v >= block0 + 1)
        prom.wait_value("allow counter moved", allow_q, lambda v: v >= allow0 + 1)
        prom.wait_value(
            "a form.schema.nested finding counted",
            'sum(elicitguard_findings_total{rule="form.schema.nested"}) or vector(0)',
            lambda v: v >= 1,
        )
    finally:
        if prom is not None:
            prom.proc.stop()
        gw.proc.stop()


@pytest.mark.skipif(not harness.gateway_bin(), reason="needs ELICITGUARD_BIN=/path/to/elicitguard")
def test_gateway_metrics_pass_promtool(upstreams: dict[str, harness.Upstream]) -> None:
    promtool = shutil.which("promtool")
    assert promtool, "promtool not found: run tests/interop/setup.sh (installs Debian's prometheus)"
    binary = harness.gateway_bin()
    assert binary
    gw = harness.start_gateway(binary, upstreams["py"].url, "promtool")
    try:
        # After traffic too, so the lint sees request counters and histograms with samples, not only zeros.
        spec = harness.ClientSpec("py", "auto", "2026-07-28")
        harness.run_client(spec, gw.url, ["book_table"], "[py-client -> py-server via gateway] promtool")
        # No Accept header: the Prometheus text format (version 0.0.4), what promtool reads.
        text = harness.http_get(gw.metrics_url)
        assert "elicitguard_requests_total" in text, text
        done = subprocess.run(
            [promtool, "check", "metrics"], input=text, capture_output=True, text=True, timeout=30, check=False
        )
        assert done.returncode == 0, f"promtool check metrics:\n{done.stdout}{done.stderr}"
    finally:
        gw.proc.stop()
