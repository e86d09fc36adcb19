"""Every official-SDK client x server x era x scenario, direct and (with ELICITGUARD_BIN) through the gateway.

Direct runs prove the peers: the benign flows complete, the hostile upstreams really ask (the
client's callback runs, or the SDK itself refuses the shape), the endless asker runs to the SDKs'
own caps, and every client lands in the era it asked for. Gateway runs then assert, against the
direct run of the same pair: benign results unchanged; hostile ones blocked before the callback
ran, as a JSON-RPC error (or `isError` result) carrying the rule id; the endless asker cut at the
gateway's `--max-rounds`; each client still negotiates its era. Every failure message starts with
`[client era E -> server via route] scenario`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import harness
from harness import ClientRun, ClientSpec

MODERN = "2026-07-28"
LEGACY = "2025-11-25"

CLIENTS = [
    ClientSpec("py", "auto", MODERN),
    ClientSpec("py", "legacy", LEGACY),
    ClientSpec("ts", "legacy", LEGACY),  # the TS SDK's default (no versionNegotiation)
    ClientSpec("ts", "auto", MODERN),
    ClientSpec("ts", "pin", MODERN),
]
SERVERS = ["py", "ts"]

# Benign scenarios: tool -> (expected text, how many times the callback runs).
BENIGN = {
    "book_table": ("booked a table for 4 on 2026-12-24", 1),
    "open_dashboard": ("dashboard link accept", 1),
    "ping_tool": ("pong", 0),
}
# Hostile scenarios: tool -> the rule id (prefix) the gateway must name.
HOSTILE = {
    "steal_credentials": "form.secret.",
    "nested_profile": "form.schema.nested",
    "open_lookalike": "url.host.punycode",
}
ENDLESS = "endless_asker"
TOOLS = [*BENIGN, *HOSTILE, ENDLESS]
PUNY_URL = "https://xn--pypal-4ve.com/login"
# The SDKs' own round caps: clients 10, the TS legacy shim 8, our Python legacy server 12.
SDK_MIN_CAP = 8

POLICY_BLOCK = -32010
ROUND_BUDGET = -32011

# Outcomes per (client, server, route); a failed run is cached as its error so that one broken
# client costs one timeout, not one per test.
_RUNS: dict[tuple[str, str, str], ClientRun | AssertionError] = {}


def label(client: ClientSpec, server: str, route: str, scenario: str = "") -> str:
    return f"[{client.id} era {client.expect_version} -> {server}-server via {route}] {scenario}".rstrip()


def run(client: ClientSpec, server: str, route: str, upstreams: Any, gateways: Any) -> ClientRun:
    """One client process per (client, server, route), all scenarios in it; cached for the session."""
    key = (client.id, server, route)
    if key not in _RUNS:
        if route == "gateway":
            if not gateways:
                pytest.skip("gateway assertions need ELICITGUARD_BIN=/path/to/elicitguard")
            url = gateways[server].url
        else:
            url = upstreams[server].url
        try:
            _RUNS[key] = harness.run_client(client, url, TOOLS, label(client, server, route))
        except AssertionError as err:
            _RUNS[key] = err
    found = _RUNS[key]
    if isinstance(found, AssertionError):
        raise AssertionError(str(found))
    return found


def call(r: ClientRun, tool: str, where: str) -> dict[str, Any]:
    outcome = r.calls.get(tool)
    assert outcome is not None, f"{where}: no outcome recorded; client output: {r.raw[:500]}"
    return outcome


def rules_of(outcome: dict[str, Any]) -> list[str]:
    data = outcome.get("data")
    if isinstance(data, dict) and isinstance(data.get("rules"), list):
        return [str(x) for x in data["rules"]]
    return []


def names_gateway(text: str, rule: str) -> bool:
    """An `isError` result counts as the gateway's block only if it says so: an SDK's own failure
    (the TS client refusing a nested schema, a shim's round cap) must not pass for one."""
    lowered = text.lower()
    return rule in lowered or "elicitguard" in lowered


PAIRS = [pytest.param(c, s, id=f"{c.id}->{s}-server") for c in CLIENTS for s in SERVERS]


# ---------------------------------------------------------------- era negotiation


@pytest.mark.parametrize("route", ["direct", "gateway"])
@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_negotiates_requested_era(client: ClientSpec, server: str, route: str, upstreams: Any, gateways: Any) -> None:
    r = run(client, server, route, upstreams, gateways)
    assert r.negotiated == client.expect_version, (
        f"{label(client, server, route, 'era')}: negotiated {r.negotiated!r}, asked for {client.expect_version!r}"
    )


# ---------------------------------------------------------------- benign flows


@pytest.mark.parametrize("tool", list(BENIGN))
@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_benign_direct(client: ClientSpec, server: str, tool: str, upstreams: Any, gateways: Any) -> None:
    where = label(client, server, "direct", tool)
    out = call(run(client, server, "direct", upstreams, gateways), tool, where)
    text, callbacks = BENIGN[tool]
    assert out["kind"] == "result" and not out["isError"], f"{where}: expected a result, got {out}"
    assert out["text"] == text, f"{where}: {out['text']!r} != {text!r}"
    assert out["callbacks"] == callbacks, f"{where}: callback ran {out['callbacks']}x, expected {callbacks}"


@pytest.mark.parametrize("tool", list(BENIGN))
@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_benign_through_gateway_equals_direct(
    client: ClientSpec, server: str, tool: str, upstreams: Any, gateways: Any
) -> None:
    where = label(client, server, "gateway", tool)
    via = call(run(client, server, "gateway", upstreams, gateways), tool, where)
    direct = call(run(client, server, "direct", upstreams, gateways), tool, label(client, server, "direct", tool))
    for key in ("kind", "text", "isError", "callbacks", "urls"):
        assert via.get(key) == direct.get(key), f"{where}: {key} differs: gateway {via.get(key)!r}, direct {direct.get(key)!r}"


# ---------------------------------------------------------------- hostile flows


@pytest.mark.parametrize("tool", list(HOSTILE))
@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_hostile_upstream_really_asks_direct(
    client: ClientSpec, server: str, tool: str, upstreams: Any, gateways: Any
) -> None:
    """Without the gateway the hostile question reaches the client: the callback runs, unless the
    SDK client itself refuses the shape (the TS client validates schemas and rejects nesting)."""
    where = label(client, server, "direct", tool)
    out = call(run(client, server, "direct", upstreams, gateways), tool, where)
    if out["callbacks"] >= 1:
        if tool == "open_lookalike":
            assert out["urls"] == [PUNY_URL], f"{where}: the client saw {out['urls']}"
        return
    refused = "Invalid elicitation request" in (out.get("message", "") + out.get("text", ""))
    assert tool == "nested_profile" and client.peer == "ts" and refused, (
        f"{where}: the hostile question never reached the client even without the gateway: {out}"
    )


@pytest.mark.parametrize("tool", list(HOSTILE))
@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_hostile_blocked_by_gateway(client: ClientSpec, server: str, tool: str, upstreams: Any, gateways: Any) -> None:
    where = label(client, server, "gateway", tool)
    out = call(run(client, server, "gateway", upstreams, gateways), tool, where)
    rule = HOSTILE[tool]
    if tool == "open_lookalike" and out["callbacks"] >= 1:
        # The issue allows a rewrite to a safe URL instead of a block: the lookalike never shows.
        assert PUNY_URL not in out["urls"], f"{where}: the lookalike URL reached the callback: {out['urls']}"
        return
    assert out["callbacks"] == 0, f"{where}: the elicitation callback ran {out['callbacks']}x; it must not run"
    if out["kind"] == "error":
        assert out["code"] == POLICY_BLOCK, f"{where}: expected JSON-RPC error {POLICY_BLOCK}, got {out}"
        # Both SDKs surface error data, so the rule id must be visible to the client.
        rules = rules_of(out)
        assert any(r.startswith(rule) for r in rules), f"{where}: rule {rule!r} not in data.rules {rules}: {out}"
    else:
        assert out["kind"] == "result" and out["isError"], f"{where}: expected a JSON-RPC error or isError, got {out}"
        assert names_gateway(out["text"], rule), f"{where}: the isError result does not name {rule!r}: {out['text']!r}"


# ---------------------------------------------------------------- the endless asker


@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_endless_asker_runs_to_sdk_cap_direct(client: ClientSpec, server: str, upstreams: Any, gateways: Any) -> None:
    where = label(client, server, "direct", ENDLESS)
    out = call(run(client, server, "direct", upstreams, gateways), ENDLESS, where)
    assert out["callbacks"] >= SDK_MIN_CAP, f"{where}: stopped after {out['callbacks']} rounds, before the SDK caps"
    assert out["kind"] != "result" or out["isError"], f"{where}: the endless asker completed: {out}"


@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_endless_asker_cut_at_gateway_budget(client: ClientSpec, server: str, upstreams: Any, gateways: Any) -> None:
    where = label(client, server, "gateway", ENDLESS)
    out = call(run(client, server, "gateway", upstreams, gateways), ENDLESS, where)
    budget = harness.GATEWAY_MAX_ROUNDS
    assert out["callbacks"] <= budget, (
        f"{where}: the callback ran {out['callbacks']}x, past the gateway's --max-rounds {budget}"
    )
    if out["kind"] == "error":
        assert out["code"] == ROUND_BUDGET, f"{where}: expected JSON-RPC error {ROUND_BUDGET}, got {out}"
        rules = rules_of(out)
        assert "limit.rounds" in rules, f"{where}: 'limit.rounds' not in data.rules {rules}: {out}"
    else:
        assert out["kind"] == "result" and out["isError"], f"{where}: expected a JSON-RPC error or isError, got {out}"
        assert names_gateway(out["text"], "limit.rounds"), f"{where}: the isError result does not name the budget: {out}"


# ---------------------------------------------------------------- a mode the client did not declare

FORM_ONLY = ClientSpec("ts", "pin-form-only", MODERN)
UNDECLARED_MODE = -32021


@pytest.mark.parametrize("server", SERVERS)
def test_undeclared_url_mode_direct(server: str, upstreams: Any, gateways: Any) -> None:
    """A client declaring form mode only: the TS server refuses itself (-32021); the Python server
    asks anyway and only the TS client's own check (-32602) stops it."""
    where = label(FORM_ONLY, server, "direct", "open_dashboard (url mode undeclared)")
    out = call(run(FORM_ONLY, server, "direct", upstreams, gateways), "open_dashboard", where)
    assert out["callbacks"] == 0, f"{where}: {out}"
    expected = UNDECLARED_MODE if server == "ts" else -32602
    assert out["kind"] == "error" and out["code"] == expected, f"{where}: expected {expected}, got {out}"


@pytest.mark.parametrize("server", SERVERS)
def test_undeclared_url_mode_refused_by_gateway(server: str, upstreams: Any, gateways: Any) -> None:
    """Through the gateway both upstreams end in -32021 with `data.requiredCapabilities`, naming url."""
    where = label(FORM_ONLY, server, "gateway", "open_dashboard (url mode undeclared)")
    out = call(run(FORM_ONLY, server, "gateway", upstreams, gateways), "open_dashboard", where)
    assert out["callbacks"] == 0, f"{where}: the callback ran for an undeclared mode: {out}"
    assert out["kind"] == "error" and out["code"] == UNDECLARED_MODE, f"{where}: expected -32021, got {out}"
    data = out.get("data") or {}
    if isinstance(data, dict) and "requiredCapabilities" in data:
        assert "url" in json.dumps(data["requiredCapabilities"]), f"{where}: {data}"
