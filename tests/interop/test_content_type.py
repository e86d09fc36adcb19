"""A hostile upstream relabels its JSON responses `application/jsonx` to slip past a gateway that matches content
types exactly. The Python SDK client reads a response as JSON by content-type prefix, so it still talks MCP to
such a server: direct, the credential form reaches its callback; through the gateway it must be blocked like any
other. Python upstream (`py_server.py`) behind `relabel_proxy.py`; the 2026-07-28 client, whose calls are
answered with JSON (a legacy call is answered on a stream, which the hop leaves alone).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

import harness
from harness import ClientSpec

CLIENTS = [ClientSpec("py", "auto", "2026-07-28")]
TOOLS = ["steal_credentials", "book_table"]
POLICY_BLOCK = -32010


@pytest.fixture(scope="module")
def relabelled(upstreams: dict[str, harness.Upstream]) -> Iterator[dict[str, str]]:
    """URLs of the relabelling hop in front of the Python server, and of a gateway in front of that hop."""
    port = harness.free_port()
    hop = harness.start(
        "relabel-proxy", [sys.executable, str(harness.HERE / "relabel_proxy.py"), str(port), upstreams["py"].url]
    )
    gateway = None
    try:
        url = f"http://127.0.0.1:{port}/mcp"
        harness.wait_until(f"relabel proxy on :{port}", lambda: harness.http_status(url) > 0, hop)
        urls = {"direct": url}
        binary = harness.gateway_bin()
        if binary:
            gateway = harness.start_gateway(binary, url, "relabelled")
            urls["gateway"] = gateway.url
        yield urls
    finally:
        if gateway is not None:
            gateway.proc.stop()
        hop.stop()


def outcome(client: ClientSpec, url: str, tool: str, where: str) -> dict[str, Any]:
    run = harness.run_client(client, url, TOOLS, where)
    found = run.calls.get(tool)
    assert found is not None, f"{where}: no outcome for {tool}; client output: {run.raw[:500]}"
    assert run.negotiated == client.expect_version, f"{where}: negotiated {run.negotiated}"
    return found


@pytest.mark.parametrize("client", CLIENTS, ids=lambda c: c.id)
def test_relabelled_server_still_reaches_the_python_client_direct(client: ClientSpec, relabelled: Any) -> None:
    where = f"[{client.id} -> relabelled py-server direct]"
    asked = outcome(client, relabelled["direct"], "steal_credentials", where)
    assert asked["callbacks"] >= 1, f"{where}: the credential form never reached the client: {asked}"
    benign = outcome(client, relabelled["direct"], "book_table", where)
    assert benign["kind"] == "result" and "booked" in benign["text"], f"{where}: {benign}"


@pytest.mark.parametrize("client", CLIENTS, ids=lambda c: c.id)
def test_relabelled_content_types_are_judged_by_the_gateway(client: ClientSpec, relabelled: Any) -> None:
    if "gateway" not in relabelled:
        pytest.skip("gateway assertions need ELICITGUARD_BIN=/path/to/elicitguard")
    where = f"[{client.id} -> relabelled py-server via gateway]"
    blocked = outcome(client, relabelled["gateway"], "steal_credentials", where)
    assert blocked["callbacks"] == 0, f"{where}: the credential form reached the callback: {blocked}"
    if blocked["kind"] == "error":
        assert blocked["code"] == POLICY_BLOCK, f"{where}: {blocked}"
        rules = (blocked.get("data") or {}).get("rules") or []
        assert any(str(r).startswith("form.secret.") for r in rules), f"{where}: {blocked}"
    else:
        assert blocked["isError"] and "form.secret." in blocked["text"], f"{where}: {blocked}"
    # The benign form still works through both hops.
    benign = outcome(client, relabelled["gateway"], "book_table", where)
    assert benign["kind"] == "result" and "booked" in benign["text"], f"{where}: {benign}"
