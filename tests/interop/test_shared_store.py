"""Legacy sessions across gateway replicas: the real SDK clients through a round-robin front (issue 38).

Three `elicitguard serve` replicas share one config: the same state keys (`state.keys_file`) and one real Redis
(`store.url`, Debian's `redis-server` started here on a free port, no persistence). In front of them
`round_robin_proxy.py` sends each successive request to the next replica, so a legacy (2025-11-25) session's
`initialize`, its `tools/call` and the client's answer to the server's question land on three different
replicas. Behind them, one more `round_robin_proxy.py` with a single backend per SDK server (the spy) records
what reached the server. The servers are the suite's real SDK servers (`py_server.py`, `ts/server.mjs`), which
push `elicitation/create` on the session's stream; the clients are the real Python and TypeScript SDK clients
in 2025-11-25 mode.

With the Redis store, for each client x server:
- benign (`book_table`): the form is let out by a replica that never saw the session's `initialize`, the answer
  is checked by another one, and the call completes as directly;
- hostile (`steal_credentials`): a replica that never saw the `initialize` blocks the credential form
  (`-32010`, `form.secret.*`) before the client's callback runs;
- off-schema answer (`book_table`, the callback answering a string for an integer): refused (`-32012`,
  `answer.schema`) by the replica that receives it, which is not the one that carried the question; the server
  gets the refusal and never the answer.
Which replica did what comes from two sources that must agree: the front's log (where each request went) and
each replica's own `/metrics` (which one counted the `initialize`, the `tools/call`, the judged elicitation,
the refused answer).

With the memory store (no `store:`), same front: a session opened on one replica is unknown on the next, whose
gateway refuses the form as undeclared (`-32021`): the cross-replica flow depends on the shared store.

Without ELICITGUARD_BIN only the control runs: the front and the spy in front of the bare SDK servers, where the
off-schema answer does reach the server (so its absence through the gateway is the gateway's doing).
"""

from __future__ import annotations

import base64
import json
import os
import shlex
import shutil
import socket
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import harness
from harness import ClientRun, ClientSpec

LEGACY = "2025-11-25"
CLIENTS = [ClientSpec("py", "legacy", LEGACY), ClientSpec("ts", "legacy", LEGACY)]
SERVERS = ["py", "ts"]
PAIRS = [pytest.param(c, s, id=f"{c.id}->{s}-server") for c in CLIENTS for s in SERVERS]
REPLICAS = 3

BENIGN_TOOL, BENIGN_TEXT = "book_table", "booked a table for 4 on 2026-12-24"
HOSTILE_TOOL, HOSTILE_RULE = "steal_credentials", "form.secret."
# What the clients answer with INTEROP_ELICIT_ANSWER=off-schema (py_client.py, ts/client.mjs): this string
# where `party_size` asks for an integer.
OFF_SCHEMA_ENV = {"INTEROP_ELICIT_ANSWER": "off-schema"}
OFF_SCHEMA_VALUE = "lots-4711"

POLICY_BLOCK = -32010
ANSWERS_REFUSED = -32012
UNDECLARED_MODE = -32021

# How long after a client exits the front's and the spy's logs and the replicas' metrics may take to show the
# last exchange (the answer POST's end, the replica's refusal reaching the server, a counter): the work is done
# by then, only written out; generous for two loaded cores.
SETTLE_DEADLINE_S = 10.0


# ------------------------------------------------------------------ processes


@dataclass
class Front:
    """A round_robin_proxy.py process and its log."""

    port: int
    proc: harness.Proc
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def mark(self) -> int:
        """Where the log ends now: records after this belong to what runs next."""
        return len(self.records())

    def records(self, since: int = 0) -> list[dict[str, Any]]:
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return []
        out = []
        for line in text.splitlines(keepends=True):
            if not line.endswith("\n"):
                break  # a line being written
            out.append(json.loads(line))
        return out[since:]


def start_front(name: str, backends: list[str], log_dir: Path) -> Front:
    port = harness.free_port()
    log = log_dir / f"{name}.jsonl"
    argv = [sys.executable, str(harness.HERE / "round_robin_proxy.py"), "--listen", f"127.0.0.1:{port}"]
    for b in backends:
        argv += ["--backend", b]
    proc = harness.start(name, [*argv, "--log", str(log)])
    harness.wait_until(f"{name} listening on :{port}", lambda: harness.port_open(port), proc)
    return Front(port=port, proc=proc, log=log)


def redis_ping(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=1.0) as s:
        s.sendall(b"PING\r\n")
        return s.recv(16) == b"+PONG\r\n"


def start_replica(binary: str, config: Path, name: str) -> harness.Gateway:
    """`elicitguard serve --config` on free ports; ready when `/readyz` says 200 (with Redis: the store is up)."""
    port, admin = harness.free_port(), harness.free_port()
    argv = [
        binary,
        "serve",
        "--config",
        str(config),
        "--listen",
        f"127.0.0.1:{port}",
        "--admin-listen",
        f"127.0.0.1:{admin}",
        *shlex.split(os.environ.get("ELICITGUARD_EXTRA_ARGS", "")),
    ]
    proc = harness.start(f"gateway-{name}", argv)
    harness.wait_until(
        f"replica {name} /readyz on :{admin}",
        lambda: harness.http_status(f"http://127.0.0.1:{admin}/readyz") == 200,
        proc,
    )
    harness.wait_until(f"replica {name} listener on :{port}", lambda: harness.port_open(port), proc)
    return harness.Gateway(name=name, port=port, admin_port=admin, proc=proc, upstream=str(config))


def write_config(directory: Path, spies: dict[str, Front], store_url: str | None) -> Path:
    """One config for every replica: a route per SDK server (`/py/mcp`, `/ts/mcp`, each to its spy), shared
    state keys, the suite's round budget, and the Redis store when `store_url` is given."""
    keys = directory / "state-keys.txt"
    keys.write_text(f"k1: {base64.b64encode(os.urandom(32)).decode()}\n")
    lines = ["state:", f"  keys_file: {keys}", "limits:", f"  max_rounds: {harness.GATEWAY_MAX_ROUNDS}", "routes:"]
    for peer, spy in spies.items():
        lines += [f"  - name: {peer}", f"    path_prefix: /{peer}/mcp", f"    upstream: {spy.base}/mcp"]
    if store_url:
        lines += ["store:", f"  url: {store_url}"]
    config = directory / "elicitguard.yaml"
    config.write_text("\n".join(lines) + "\n")
    return config


@dataclass
class Cluster:
    """Replicas behind a round-robin front (`replicas` empty for the direct control)."""

    store: str
    front: Front
    replicas: list[harness.Gateway]

    def url(self, server: str) -> str:
        return f"{self.front.base}/{server}/mcp" if self.replicas else f"{self.front.base}/mcp"


@pytest.fixture(scope="module")
def log_dir() -> Path:
    d = harness.LOG_DIR / "shared-store"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


@pytest.fixture(scope="module")
def spies(upstreams: dict[str, harness.Upstream], log_dir: Path) -> Iterator[dict[str, Front]]:
    started: dict[str, Front] = {}
    try:
        for peer, up in upstreams.items():
            started[peer] = start_front(f"spy-{peer}", [f"http://127.0.0.1:{up.port}"], log_dir)
        yield started
    finally:
        for f in started.values():
            f.proc.stop()


@pytest.fixture(scope="module")
def binary() -> str:
    found = harness.gateway_bin()
    if not found:
        pytest.skip("the replicas need ELICITGUARD_BIN=/path/to/elicitguard")
    return found


@pytest.fixture(scope="module")
def redis_url(log_dir: Path) -> Iterator[str]:
    if not shutil.which("redis-server"):
        pytest.fail("redis-server is not installed: install Debian's redis-server (tests/interop/setup.sh does)")
    port = harness.free_port()
    # No persistence: the store lives as long as the test (`--save ""`, no append-only file), in log_dir.
    argv = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    proc = harness.start("redis-shared-store", [*argv, "--dir", str(log_dir)])
    try:
        harness.wait_until(f"redis-server answering PING on :{port}", lambda: redis_ping(port), proc)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.stop()


def cluster(binary: str, spies: dict[str, Front], store_url: str | None, log_dir: Path) -> Cluster:
    store = "redis" if store_url else "memory"
    directory = log_dir / f"config-{store}"
    directory.mkdir()
    config = write_config(directory, spies, store_url)
    replicas: list[harness.Gateway] = []
    try:
        for i in range(REPLICAS):
            replicas.append(start_replica(binary, config, f"{store}-replica-{i}"))
        front = start_front(f"front-{store}", [f"http://127.0.0.1:{r.port}" for r in replicas], log_dir)
    except BaseException:
        for r in replicas:
            r.proc.stop()
        raise
    return Cluster(store=store, front=front, replicas=replicas)


def stop(c: Cluster) -> None:
    c.front.proc.stop()
    for r in c.replicas:
        r.proc.stop()


@pytest.fixture(scope="module")
def redis_cluster(binary: str, spies: dict[str, Front], redis_url: str, log_dir: Path) -> Iterator[Cluster]:
    c = cluster(binary, spies, redis_url, log_dir)
    try:
        yield c
    finally:
        stop(c)


@pytest.fixture(scope="module")
def memory_cluster(binary: str, spies: dict[str, Front], log_dir: Path) -> Iterator[Cluster]:
    c = cluster(binary, spies, None, log_dir)
    try:
        yield c
    finally:
        stop(c)


# ------------------------------------------------------------------ what happened where


def parse_metrics(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """OpenMetrics text -> {(name, labels): value}. Label values here never hold `,` or `"`."""
    out: dict[tuple[str, frozenset[tuple[str, str]]], float] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        series, _, value = line.rpartition(" ")
        name, _, labels = series.partition("{")
        pairs = []
        for item in labels.rstrip("}").split(","):
            if "=" in item:
                k, _, v = item.partition("=")
                pairs.append((k, v.strip('"')))
        out[(name, frozenset(pairs))] = float(value)
    return out


Snapshot = list[dict[tuple[str, frozenset[tuple[str, str]]], float]]


def snapshot(c: Cluster) -> Snapshot:
    return [parse_metrics(harness.http_get(r.metrics_url)) for r in c.replicas]


def counted(snap: Snapshot, replica: int, name: str, **labels: str) -> float:
    """The sum of `name`'s series on `replica` whose labels include `labels`."""
    want = set(labels.items())
    return sum(v for (n, ls), v in snap[replica].items() if n == name and want <= ls)


def deltas(before: Snapshot, after: Snapshot, name: str, **labels: str) -> list[float]:
    return [counted(after, i, name, **labels) - counted(before, i, name, **labels) for i in range(len(after))]


@dataclass
class Flow:
    """One client run as the front saw it: the session and where each of its requests went."""

    session: str
    records: list[dict[str, Any]]  # the start lines of the session's requests, joined with their end lines
    init: dict[str, Any]
    call: dict[str, Any]

    def asked(self) -> dict[str, Any] | None:
        """The exchange whose response carried the server's `elicitation/create` (the call's stream, or the
        session's standalone GET stream)."""
        return next((r for r in self.records if "elicitation/create" in r.get("response", "")), None)

    def answers(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r["kind"] == "response"]


def joined(front: Front, since: int) -> list[dict[str, Any]]:
    starts: dict[int, dict[str, Any]] = {}
    for rec in front.records(since):
        if rec["event"] == "start":
            starts[rec["seq"]] = dict(rec)
        elif rec["seq"] in starts:
            starts[rec["seq"]].update({k: v for k, v in rec.items() if k not in ("event", "backend")})
            starts[rec["seq"]]["ended"] = rec["event"] == "end" or starts[rec["seq"]].get("ended", False)
    return list(starts.values())


def flow_of(front: Front, since: int, tool: str, answered: bool, where: str) -> Flow:
    """The client's session in the front's log; waits until its calls (and, if `answered`, its answer) ended."""

    def ready() -> Flow | None:
        recs = joined(front, since)
        init = next((r for r in recs if r.get("method") == "initialize" and r.get("ended")), None)
        session = init and init.get("response_session")
        if not session:
            return None
        mine = [r for r in recs if r.get("session") == session]
        call = next((r for r in mine if r.get("method") == "tools/call" and f'"{tool}"' in r["body"]), None)
        if call is None or not call.get("ended"):
            return None
        if answered and not any(r["kind"] == "response" and r.get("ended") for r in mine):
            return None
        return Flow(session=session, records=[init, *mine], init=init, call=call)

    try:
        what = f"{where}: the session's exchanges in the front's log"
        return harness.wait_until(what, ready, deadline_s=SETTLE_DEADLINE_S)
    except TimeoutError as err:
        raise AssertionError(f"{err}\nfront log since the run:\n{json.dumps(joined(front, since))[:4000]}") from err


def spy_records(spy: Front, since: int, session: str) -> list[dict[str, Any]]:
    return [r for r in joined(spy, since) if r.get("session") == session]


def label(client: ClientSpec, server: str, c: Cluster, scenario: str) -> str:
    if c.replicas:
        via = f"round-robin front over {len(c.replicas)} replicas ({c.store} store)"
    else:
        via = "round-robin front, no gateway"
    return f"[{client.id} era {client.expect_version} -> {server}-server via {via}] {scenario}"


def run(
    client: ClientSpec, server: str, c: Cluster, tool: str, where: str, env: dict[str, str] | None = None
) -> dict[str, Any]:
    r: ClientRun = harness.run_client(client, c.url(server), [tool], where, env=env)
    assert r.negotiated == LEGACY, f"{where}: negotiated {r.negotiated!r}, asked for {LEGACY}"
    outcome = r.calls.get(tool)
    assert outcome is not None, f"{where}: no outcome recorded; client output: {r.raw[:500]}"
    return outcome


def settle(c: Cluster, before: Snapshot, where: str, name: str, total: float, **labels: str) -> list[float]:
    """Polls the replicas' metrics until `name`{labels} went up by `total` over all of them; the per-replica deltas."""

    def reached() -> list[float] | None:
        d = deltas(before, snapshot(c), name, **labels)
        return d if sum(d) >= total else None

    try:
        return harness.wait_until(f"{where}: {name}{labels} +{total}", reached, deadline_s=SETTLE_DEADLINE_S)
    except TimeoutError as err:
        raise AssertionError(f"{err}; deltas now {deltas(before, snapshot(c), name, **labels)}") from err


def only(d: list[float], replica: int) -> bool:
    return d[replica] == 1 and sum(d) == 1


def assert_replicas_agree(c: Cluster, before: Snapshot, flow: Flow, server: str, where: str) -> None:
    """The replicas' own counters put the initialize and the call where the front's log says they went."""
    inits = settle(c, before, where, "elicitguard_requests_total", 1, route=server, method="initialize")
    sent = flow.init["backend"]
    assert only(inits, sent), f"{where}: initialize counted {inits}, the front sent it to {sent}"
    calls = settle(c, before, where, "elicitguard_requests_total", 1, route=server, method="tools/call")
    sent = flow.call["backend"]
    assert only(calls, sent), f"{where}: tools/call counted {calls}, the front sent it to {sent}"


# ------------------------------------------------------------------ the shared store: every replica serves the session


@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_benign_form_crosses_replicas(client: ClientSpec, server: str, redis_cluster: Cluster, spies: Any) -> None:
    c = redis_cluster
    where = label(client, server, c, BENIGN_TOOL)
    since, spy_since, before = c.front.mark(), spies[server].mark(), snapshot(c)
    out = run(client, server, c, BENIGN_TOOL, where)
    assert out["kind"] == "result" and not out["isError"], f"{where}: expected a result, got {out}"
    assert (out["text"], out["callbacks"]) == (BENIGN_TEXT, 1), f"{where}: {out}"

    flow = flow_of(c.front, since, BENIGN_TOOL, answered=True, where=where)
    asked, answers = flow.asked(), flow.answers()
    assert asked is not None, f"{where}: no response carried the elicitation: {flow.records}"
    assert len(answers) == 1, f"{where}: expected one answer POST, got {answers}"
    init, call, answer = flow.init["backend"], flow.call["backend"], answers[0]["backend"]
    assert len({init, call, answer}) == 3, f"{where}: initialize, call and answer on replicas {init}, {call}, {answer}"
    assert asked["backend"] != init, f"{where}: the form was let out by the replica that saw the initialize"
    assert answer != asked["backend"], f"{where}: the answer was checked by the replica that carried the question"

    assert_replicas_agree(c, before, flow, server, where)
    judged = settle(c, before, where, "elicitguard_elicitations_total", 1, route=server, era="legacy", verdict="allow")
    assert only(judged, asked["backend"]), f"{where}: allowed per replica {judged}, front: {asked['backend']}"
    refused = deltas(before, snapshot(c), "elicitguard_answers_refused_total")
    assert sum(refused) == 0, f"{where}: answers refused {refused}"
    # The answer reached the server as the user gave it.
    got = [r for r in spy_records(spies[server], spy_since, flow.session) if r["kind"] == "response"]
    assert len(got) == 1 and '"party_size":4' in got[0]["body"].replace(" ", ""), f"{where}: the server got {got}"


@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_hostile_form_blocked_on_another_replica(
    client: ClientSpec, server: str, redis_cluster: Cluster, spies: Any
) -> None:
    c = redis_cluster
    where = label(client, server, c, HOSTILE_TOOL)
    since, before = c.front.mark(), snapshot(c)
    out = run(client, server, c, HOSTILE_TOOL, where)
    assert out["callbacks"] == 0, f"{where}: the elicitation callback ran {out['callbacks']}x; it must not run"
    if out["kind"] == "error":
        assert out["code"] == POLICY_BLOCK, f"{where}: expected {POLICY_BLOCK}, got {out}"
        rules = (out.get("data") or {}).get("rules") or []
        assert any(str(r).startswith(HOSTILE_RULE) for r in rules), f"{where}: no {HOSTILE_RULE}* in {rules}"
    else:
        assert out["kind"] == "result" and out["isError"], f"{where}: expected an error, got {out}"
        assert HOSTILE_RULE in out["text"] or "elicitguard" in out["text"].lower(), f"{where}: {out}"

    flow = flow_of(c.front, since, HOSTILE_TOOL, answered=False, where=where)
    assert not flow.answers(), f"{where}: the client answered a blocked question: {flow.answers()}"
    assert flow.call["backend"] != flow.init["backend"], f"{where}: initialize and call on one replica"
    assert_replicas_agree(c, before, flow, server, where)
    blocked = settle(c, before, where, "elicitguard_elicitations_total", 1, route=server, era="legacy", verdict="block")
    # The block is the session's doing on a replica that never saw its initialize: not an undeclared mode.
    assert blocked[flow.init["backend"]] == 0 and sum(blocked) == 1, f"{where}: blocked per replica {blocked}"
    found = settle(c, before, where, "elicitguard_findings_total", 1, rule="form.secret.password")
    assert found == blocked, f"{where}: form.secret.password per replica {found}, blocks {blocked}"


@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_off_schema_answer_refused_by_the_replica_that_gets_it(
    client: ClientSpec, server: str, redis_cluster: Cluster, spies: Any
) -> None:
    c = redis_cluster
    where = label(client, server, c, f"{BENIGN_TOOL}, answered off-schema")
    since, spy_since, before = c.front.mark(), spies[server].mark(), snapshot(c)
    out = run(client, server, c, BENIGN_TOOL, where, env=OFF_SCHEMA_ENV)
    assert out["callbacks"] == 1, f"{where}: the callback ran {out['callbacks']}x, expected once: {out}"
    assert out["kind"] != "result" or out["isError"], f"{where}: the call completed with the refused answer: {out}"
    assert OFF_SCHEMA_VALUE not in json.dumps(out), f"{where}: the server echoed the refused answer: {out}"

    flow = flow_of(c.front, since, BENIGN_TOOL, answered=True, where=where)
    asked, answers = flow.asked(), flow.answers()
    assert asked is not None and len(answers) == 1, f"{where}: {flow.records}"
    answer = answers[0]
    assert OFF_SCHEMA_VALUE in answer["body"], f"{where}: the client did not send the off-schema answer: {answer}"
    assert answer["backend"] != asked["backend"], f"{where}: the answer landed where the question was asked"
    assert answer["backend"] != flow.init["backend"], f"{where}: the answer landed where the session was opened"
    assert str(ANSWERS_REFUSED) in answer.get("response", ""), f"{where}: the replica's reply to the answer: {answer}"

    assert_replicas_agree(c, before, flow, server, where)
    refused = settle(c, before, where, "elicitguard_answers_refused_total", 1, rule="answer.schema")
    assert only(refused, answer["backend"]), f"{where}: answer.schema per replica {refused}, front: {answer['backend']}"

    # The server got the replica's refusal in place of the answer, and never the answer.
    def refusal_reached() -> list[dict[str, Any]]:
        return [
            r
            for r in spy_records(spies[server], spy_since, flow.session)
            if r["kind"] == "response" and r.get("error_code") == ANSWERS_REFUSED
        ]

    what = f"{where}: the replica's -32012 reaching the server"
    harness.wait_until(what, refusal_reached, deadline_s=SETTLE_DEADLINE_S)
    leaked = [r for r in spy_records(spies[server], spy_since, flow.session) if OFF_SCHEMA_VALUE in r["body"]]
    assert not leaked, f"{where}: the off-schema answer reached the server: {leaked}"


# ------------------------------------------------------------------ the memory store: the same front breaks the session


@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_memory_store_loses_the_session_on_the_next_replica(
    client: ClientSpec, server: str, memory_cluster: Cluster
) -> None:
    """Without `store:` each replica knows only the sessions it opened: the replica carrying the call has never
    heard of the session, assumes nothing declared (fail closed) and refuses the form as undeclared."""
    c = memory_cluster
    where = label(client, server, c, BENIGN_TOOL)
    since = c.front.mark()
    out = run(client, server, c, BENIGN_TOOL, where)
    assert out["callbacks"] == 0, f"{where}: the form reached the client though the session is unknown: {out}"
    assert out["kind"] == "error" and out["code"] == UNDECLARED_MODE, f"{where}: expected {UNDECLARED_MODE}, got {out}"
    flow = flow_of(c.front, since, BENIGN_TOOL, answered=False, where=where)
    assert flow.call["backend"] != flow.init["backend"], f"{where}: initialize and call on one replica"


# ------------------------------------------------------------------ control: the front and the spy without a gateway


@pytest.fixture(scope="module")
def bare_fronts(spies: dict[str, Front], log_dir: Path) -> Iterator[dict[str, Cluster]]:
    """Per SDK server, a round-robin front whose three backends are that server's spy: the plumbing alone."""
    started: dict[str, Cluster] = {}
    try:
        for peer, spy in spies.items():
            front = start_front(f"front-bare-{peer}", [spy.base] * REPLICAS, log_dir)
            started[peer] = Cluster(store="none", front=front, replicas=[])
        yield started
    finally:
        for c in started.values():
            c.front.proc.stop()


@pytest.mark.parametrize(("client", "server"), PAIRS)
def test_control_off_schema_answer_reaches_a_bare_server(
    client: ClientSpec, server: str, bare_fronts: dict[str, Cluster], spies: Any
) -> None:
    """Through the front and the spy but no gateway: the session works over the rotation (the SDKs stream
    through it), and the off-schema answer reaches the server, so through the replicas its absence is theirs."""
    c = bare_fronts[server]
    where = label(client, server, c, f"{BENIGN_TOOL}, answered off-schema")
    since, spy_since = c.front.mark(), spies[server].mark()
    out = run(client, server, c, BENIGN_TOOL, where, env=OFF_SCHEMA_ENV)
    assert out["callbacks"] == 1, f"{where}: {out}"
    # Neither SDK server checks the answer against its own schema: it books what it got.
    assert out.get("text") == f"booked a table for {OFF_SCHEMA_VALUE} on 2026-12-24", f"{where}: {out}"
    flow = flow_of(c.front, since, BENIGN_TOOL, answered=True, where=where)
    backends = [flow.init["backend"], flow.call["backend"], flow.answers()[0]["backend"]]
    assert len(set(backends)) == 3, f"{where}: the front did not rotate initialize, call and answer: {backends}"

    def answer_reached() -> bool:
        recs = spy_records(spies[server], spy_since, flow.session)
        return any(r["kind"] == "response" and OFF_SCHEMA_VALUE in r["body"] for r in recs)

    what = f"{where}: the off-schema answer reaching the server"
    harness.wait_until(what, answer_reached, deadline_s=SETTLE_DEADLINE_S)

