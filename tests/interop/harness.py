"""Process plumbing for the interop tests: free ports, child processes, readiness by polling.

No sleeps as synchronisation: every wait is a poll against a deadline that fails loudly, naming
what it waited for and the tail of the child's log.
"""

from __future__ import annotations

import json
import os
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TS_DIR = HERE / "ts"
# setup.sh puts a registry Node.js 20 here when the machine's is missing or older.
LOCAL_NODE = HERE / ".node" / "bin" / "node"
NODE = os.environ.get("INTEROP_NODE") or (str(LOCAL_NODE) if LOCAL_NODE.exists() else "node")
LOG_DIR = Path(os.environ.get("INTEROP_LOG_DIR", "/tmp/elicitguard-interop"))
# How long a peer or the gateway may take to come up on a loaded two-core machine.
START_DEADLINE_S = 30.0
# One client run makes every scenario's call; the endless asker alone takes up to ten rounds.
CLIENT_DEADLINE_S = 120.0
POLL_INTERVAL_S = 0.05
# The gateway's round budget in these tests: below the SDK clients' caps (8 to 10) and the TS
# legacy shim's 8, so a cut at this number can only be the gateway's doing.
GATEWAY_MAX_ROUNDS = 3


def _ephemeral_range() -> tuple[int, int]:
    """The kernel's range for outgoing connections' local ports (Linux; a common default elsewhere)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999


# Ports handed out so far by this process, so two children never get the same one.
_GIVEN: set[int] = set()
# Where the search starts: below the ephemeral range, spread by pid so two runs on one machine
# rarely probe the same ports.
_NEXT_PORT = [20000 + (os.getpid() % 500) * 20]


def free_port() -> int:
    """A port nothing listens on, for a child to bind.

    Binding port 0 and handing the number on is racy: between closing the probe socket and the
    child's bind, any outgoing connection (a client, pip, a scrape) may get that port as its local
    port, because port 0 draws from the ephemeral range. So the search runs below that range, where
    the kernel never places outgoing connections, and never hands the same port out twice.
    """
    low, _ = _ephemeral_range()
    ceiling = min(low, 65536)
    floor = 10000 if ceiling > 10000 else 1024
    for _ in range(ceiling - floor):
        port = _NEXT_PORT[0] if floor <= _NEXT_PORT[0] < ceiling else floor
        _NEXT_PORT[0] = port + 1 if port + 1 < ceiling else floor
        if port in _GIVEN:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _GIVEN.add(port)
        return port
    raise RuntimeError(f"no free port in {floor}..{ceiling}")


def gateway_bin() -> str | None:
    value = os.environ.get("ELICITGUARD_BIN", "").strip()
    return value or None


@dataclass
class Proc:
    """A child process with its log file; `stop()` ends exactly this process."""

    name: str
    popen: subprocess.Popen[bytes]
    log: Path

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(timeout=10)


def start(name: str, argv: list[str], cwd: Path = HERE) -> Proc:
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log = LOG_DIR / f"{name}.log"
    handle = open(log, "wb")  # noqa: SIM115 - the child owns it for its lifetime
    popen = subprocess.Popen(argv, cwd=cwd, stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return Proc(name=name, popen=popen, log=log)


def wait_until(what: str, check: Any, proc: Proc | None = None, deadline_s: float = START_DEADLINE_S) -> Any:
    """Poll `check()` until it returns something truthy; fail naming `what` after the deadline."""
    end = time.monotonic() + deadline_s
    last_err: Exception | None = None
    while time.monotonic() < end:
        if proc is not None and proc.popen.poll() is not None:
            raise RuntimeError(f"{proc.name} exited ({proc.popen.returncode}) while waiting for {what}:\n{proc.tail()}")
        try:
            value = check()
            if value:
                return value
        except Exception as err:  # noqa: BLE001 - any failure means "not yet"
            last_err = err
        time.sleep(POLL_INTERVAL_S)
    tail = f"\n{proc.tail()}" if proc is not None else ""
    raise TimeoutError(f"timed out after {deadline_s}s waiting for {what} (last error: {last_err}){tail}")


def http_status(url: str, method: str = "GET", timeout: float = 2.0) -> int:
    req = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return int(resp.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def http_get(url: str, timeout: float = 5.0) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read().decode()


def port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class Upstream:
    peer: str  # "py" or "ts"
    port: int
    proc: Proc

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"


def start_upstream(peer: str) -> Upstream:
    port = free_port()
    if peer == "py":
        argv = [sys.executable, str(HERE / "py_server.py"), str(port)]
    elif peer == "ts":
        argv = [NODE, str(TS_DIR / "server.mjs"), str(port)]
    else:
        raise ValueError(peer)
    proc = start(f"upstream-{peer}", argv)
    # Any HTTP answer on /mcp (405 for a GET, or 400) means the server is serving.
    wait_until(f"{peer} upstream on :{port}", lambda: http_status(f"http://127.0.0.1:{port}/mcp") > 0, proc)
    return Upstream(peer=peer, port=port, proc=proc)


@dataclass
class Gateway:
    name: str
    port: int
    admin_port: int
    proc: Proc
    upstream: str

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    @property
    def metrics_url(self) -> str:
        return f"http://127.0.0.1:{self.admin_port}/metrics"


def start_gateway(binary: str, upstream_url: str, name: str, extra: list[str] | None = None) -> Gateway:
    """Start `elicitguard serve` in front of `upstream_url`; ready when the admin `/readyz` says 200."""
    port, admin = free_port(), free_port()
    argv = [
        binary,
        "serve",
        "--listen",
        f"127.0.0.1:{port}",
        "--upstream",
        upstream_url,
        "--admin-listen",
        f"127.0.0.1:{admin}",
        "--max-rounds",
        str(GATEWAY_MAX_ROUNDS),
        *shlex.split(os.environ.get("ELICITGUARD_EXTRA_ARGS", "")),
        *(extra or []),
    ]
    proc = start(f"gateway-{name}", argv)
    wait_until(
        f"gateway {name} /readyz on :{admin}",
        lambda: http_status(f"http://127.0.0.1:{admin}/readyz") == 200,
        proc,
    )
    wait_until(f"gateway {name} listener on :{port}", lambda: port_open(port), proc)
    return Gateway(name=name, port=port, admin_port=admin, proc=proc, upstream=upstream_url)


@dataclass
class ClientSpec:
    """One SDK client configuration: which peer, which mode, which era it must end up in."""

    peer: str  # "py" or "ts"
    mode: str  # py: auto | legacy; ts: legacy | auto | pin
    expect_version: str

    @property
    def id(self) -> str:
        return f"{self.peer}-client[{self.mode}]"


@dataclass
class ClientRun:
    negotiated: str | None
    calls: dict[str, dict[str, Any]] = field(default_factory=dict)
    raw: str = ""


def run_client(
    spec: ClientSpec, url: str, tools: list[str], label: str, env: dict[str, str] | None = None
) -> ClientRun:
    """One client process: connect to `url`, call `tools` in turn. `env` adds variables to the client's
    environment (e.g. `INTEROP_ELICIT_ANSWER`)."""
    if spec.peer == "py":
        argv = [sys.executable, str(HERE / "py_client.py"), url, spec.mode, *tools]
        cwd = HERE
    else:
        argv = [NODE, str(TS_DIR / "client.mjs"), url, spec.mode, *tools]
        cwd = TS_DIR
    try:
        done = subprocess.run(
            argv,
            cwd=cwd,
            capture_output=True,
            timeout=CLIENT_DEADLINE_S,
            check=False,
            env={**os.environ, **env} if env else None,
        )
    except subprocess.TimeoutExpired as err:
        raise AssertionError(f"{label}: client timed out after {CLIENT_DEADLINE_S}s") from err
    out = done.stdout.decode(errors="replace").strip().splitlines()
    if done.returncode != 0 or not out:
        raise AssertionError(
            f"{label}: client failed (exit {done.returncode}):\n{done.stderr.decode(errors='replace')[-3000:]}"
        )
    data = json.loads(out[-1])
    return ClientRun(negotiated=data.get("negotiated"), calls=data.get("calls", {}), raw=out[-1])
