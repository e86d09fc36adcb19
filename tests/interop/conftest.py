"""Fixtures for the interop tests: upstream SDK servers, and the gateway in front when ELICITGUARD_BIN is set."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402


@pytest.fixture(scope="session")
def upstreams() -> Iterator[dict[str, harness.Upstream]]:
    started: dict[str, harness.Upstream] = {}
    try:
        for peer in ("py", "ts"):
            started[peer] = harness.start_upstream(peer)
        yield started
    finally:
        for up in started.values():
            up.proc.stop()


@pytest.fixture(scope="session")
def gateways(upstreams: dict[str, harness.Upstream]) -> Iterator[dict[str, harness.Gateway]]:
    """One gateway per upstream server; empty when ELICITGUARD_BIN is unset (the direct-only run)."""
    binary = harness.gateway_bin()
    started: dict[str, harness.Gateway] = {}
    try:
        if binary:
            for peer, up in upstreams.items():
                started[peer] = harness.start_gateway(binary, up.url, f"{peer}-upstream")
        yield started
    finally:
        for gw in started.values():
            gw.proc.stop()
