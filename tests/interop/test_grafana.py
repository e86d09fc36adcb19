"""deploy/grafana/elicitguard.json: a well-formed dashboard whose every query runs on a real Prometheus.

`test_dashboard_shape` reads the file alone. `test_dashboard_queries_parse_in_prometheus` runs every query (the
dashboard's variables replaced by values) on Debian's `prometheus` (test_prometheus.py's helpers) scraping the stub
exporter, so it runs without the gateway: each must come back `success`. `test_dashboard_queries_on_the_gateway`
(needs ELICITGUARD_BIN) puts a real Prometheus in front of a real gateway that has judged an allowed and a blocked
elicitation, and asserts that every metric name the dashboard uses is on the gateway's /metrics, that every label
a query groups or filters by is one those metrics carry, and that every query whose metrics are all exported
returns data.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

import harness
from test_prometheus import QUERY_DEADLINE_S, Prometheus, StubExporter, start_prometheus

DASHBOARD = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "elicitguard.json"

# What the dashboard must show (issue 38): a metric for each.
REQUIRED_METRICS = {
    "elicitguard_elicitations_total",  # by verdict, blocked
    "elicitguard_findings_total",  # by rule
    "elicitguard_rounds_bucket",
    "elicitguard_envelope_rejections_total",
    "elicitguard_rate_limited_total",
    "elicitguard_upstream_errors_total",
    "elicitguard_request_duration_seconds_bucket",  # latency
    "elicitguard_store_up",
    "elicitguard_store_errors_total",
    "elicitguard_store_duration_seconds_bucket",
}

# Grafana's variables, replaced as Grafana would with "All" selected.
VARIABLES = {"$__rate_interval": "1m", "$route": ".*"}
# Labels every scraped series has besides its own, and the histogram bucket label.
TARGET_LABELS = {"job", "instance", "le"}
METRIC = re.compile(r"\belicitguard_[a-z0-9_]+")


def dashboard() -> dict[str, Any]:
    return dict(json.loads(DASHBOARD.read_text()))


def targets() -> list[tuple[str, str]]:
    """(panel title / refId, PromQL) for every query of every panel."""
    out = []
    for p in dashboard()["panels"]:
        for t in p.get("targets", []):
            out.append((f"{p['title']} / {t['refId']}", t["expr"]))
    return out


def variable_queries() -> list[tuple[str, str]]:
    """The `route` variable's label_values() as the PromQL that gives the same values."""
    out = []
    for v in dashboard()["templating"]["list"]:
        if v["type"] == "query":
            m = re.fullmatch(r"label_values\((\w+),\s*(\w+)\)", v["query"]["query"])
            assert m, f"variable {v['name']}: unexpected query {v['query']}"
            out.append((f"variable {v['name']}", f"group by ({m.group(2)}) ({m.group(1)})"))
    return out


def substitute(expr: str) -> str:
    for name, value in VARIABLES.items():
        expr = expr.replace(name, value)
    assert "$" not in expr, f"a variable left in {expr!r}"
    return expr


def used_labels(expr: str) -> set[str]:
    """Label names an expression groups by or filters on."""
    labels: set[str] = set()
    for group in re.findall(r"\b(?:by|without)\s*\(([^)]*)\)", expr):
        labels |= {x.strip() for x in group.split(",") if x.strip()}
    for matchers in re.findall(r"\{([^}]*)\}", expr):
        labels |= set(re.findall(r"(\w+)\s*(?:=~|!~|!=|=)", matchers))
    return labels


# ---------------------------------------------------------------- the file alone


def test_dashboard_shape() -> None:
    d = dashboard()
    assert d["uid"] == "elicitguard" and d["title"]
    variables = {v["name"]: v for v in d["templating"]["list"]}
    assert variables["datasource"]["type"] == "datasource" and variables["datasource"]["query"] == "prometheus"
    panels = d["panels"]
    ids = [p["id"] for p in panels]
    assert len(ids) == len(set(ids)), "panel ids must be unique"
    # The grid: inside 24 columns, no two panels on the same cell.
    taken: dict[tuple[int, int], str] = {}
    for p in panels:
        g = p["gridPos"]
        assert 0 <= g["x"] and g["x"] + g["w"] <= 24 and g["h"] > 0, f"{p['title']}: {g}"
        for x in range(g["x"], g["x"] + g["w"]):
            for y in range(g["y"], g["y"] + g["h"]):
                assert (x, y) not in taken, f"{p['title']} overlaps {taken[(x, y)]}"
                taken[(x, y)] = p["title"]
    for p in panels:
        if p["type"] == "row":
            continue
        assert p["type"] in {"timeseries", "stat"}, p["type"]
        assert p["datasource"] == {"type": "prometheus", "uid": "${datasource}"}, p["title"]
        assert p["targets"] and p.get("description"), f"{p['title']}: no query or no description"
        refs = [t["refId"] for t in p["targets"]]
        assert len(refs) == len(set(refs)), p["title"]
        for t in p["targets"]:
            assert t["datasource"] == p["datasource"], p["title"]
            # Only variables the dashboard defines, or Grafana's own.
            for var in re.findall(r"\$\{?(\w+)", t["expr"]):
                assert var in variables or var == "__rate_interval", f"{p['title']}: unknown variable ${var}"
    exprs = " ".join(e for _, e in targets())
    missing = REQUIRED_METRICS - set(METRIC.findall(exprs))
    assert not missing, f"the dashboard does not show {sorted(missing)}"
    assert 'verdict="block"' in exprs, "no blocked-elicitations query"


# ---------------------------------------------------------------- on a real Prometheus


def run_all(prom: Prometheus) -> dict[str, list[dict[str, Any]]]:
    """Every query once; Prometheus.query fails unless the status is success."""
    return {where: prom.query(substitute(expr)) for where, expr in targets() + variable_queries()}


def test_dashboard_queries_parse_in_prometheus(tmp_path: Path) -> None:
    stub = StubExporter()
    prom = start_prometheus(tmp_path, f"127.0.0.1:{stub.port}", "grafana-stub")
    try:
        results = run_all(prom)
        assert len(results) == len(targets()) + len(variable_queries())
        # A broken expression is refused (HTTP 400, status "error"): shown on one made broken on purpose.
        broken = substitute(targets()[0][1]).replace("(", "((", 1)
        url = f"http://127.0.0.1:{prom.port}/api/v1/query?" + urllib.parse.urlencode({"query": broken})
        with pytest.raises(urllib.error.HTTPError) as refused:
            harness.http_get(url)
        assert refused.value.code == 400
        assert json.loads(refused.value.read())["status"] == "error"
    finally:
        prom.proc.stop()
        stub.close()


def exported(metrics_text: str) -> tuple[set[str], dict[str, set[str]]]:
    """Sample names the exposition has (or declares by `# TYPE`), and the label names seen on each."""
    names: set[str] = set()
    labels: dict[str, set[str]] = {}
    for line in metrics_text.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ", 3)
            names |= {f"{name}_bucket", f"{name}_sum", f"{name}_count"} if kind == "histogram" else {name}
        elif line and not line.startswith("#"):
            m = re.match(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})?", line)
            assert m, line
            names.add(m.group(1))
            labels.setdefault(m.group(1), set()).update(re.findall(r'(\w+)="', m.group(3) or ""))
    return names, labels


@pytest.mark.skipif(not harness.gateway_bin(), reason="needs ELICITGUARD_BIN=/path/to/elicitguard")
def test_dashboard_queries_on_the_gateway(tmp_path: Path, upstreams: dict[str, harness.Upstream]) -> None:
    binary = harness.gateway_bin()
    assert binary
    gw = harness.start_gateway(binary, upstreams["py"].url, "grafana")
    prom = None
    try:
        # An allowed form (a round leaves the gateway, judging is timed) and a blocked one (a finding, a block).
        spec = harness.ClientSpec("py", "auto", "2026-07-28")
        where = "[py-client[auto] -> py-server via gateway] grafana"
        r = harness.run_client(spec, gw.url, ["book_table", "nested_profile"], where)
        assert r.calls["book_table"]["kind"] == "result", f"{where}: {r.calls['book_table']}"
        assert r.calls["nested_profile"]["kind"] == "error", f"{where}: {r.calls['nested_profile']}"

        names, labels = exported(harness.http_get(gw.metrics_url))
        used = {m for _, e in targets() + variable_queries() for m in METRIC.findall(e)}
        unknown = used - names
        assert not unknown, f"the dashboard uses metrics the gateway does not export: {sorted(unknown)}"

        # Labels: each query groups and filters only by labels its metrics carry.
        for what, expr in targets() + variable_queries():
            carried = set(TARGET_LABELS)
            for m in METRIC.findall(expr):
                carried |= labels.get(m, set())
            extra = used_labels(expr) - carried
            assert not extra, f"{what}: labels {sorted(extra)} are on none of its metrics: {expr}"

        prom = start_prometheus(tmp_path, f"127.0.0.1:{gw.admin_port}", "grafana-gateway")
        prom.wait_value("gateway target up", 'up{job="elicitguard"}', lambda v: v == 1)
        # Every query runs; those whose metrics are all exported return data once rate() has two scrapes.
        live = [(w, e) for w, e in targets() + variable_queries() if set(METRIC.findall(e)) <= names]

        def all_have_data() -> bool:
            results = run_all(prom)
            empty = [w for w, _ in live if not results[w]]
            all_have_data.empty = empty  # type: ignore[attr-defined]
            return not empty

        try:
            harness.wait_until("every dashboard query returns data", all_have_data, prom.proc, QUERY_DEADLINE_S)
        except TimeoutError as err:
            raise AssertionError(f"queries without data: {all_have_data.empty}") from err  # type: ignore[attr-defined]
        routes = {s["metric"].get("route") for s in prom.query("group by (route) (elicitguard_requests_total)")}
        assert "default" in routes, routes
    finally:
        if prom is not None:
            prom.proc.stop()
        gw.proc.stop()
