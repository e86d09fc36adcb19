"""The alert rules in deploy/prometheus pass promtool's checks and their own unit tests."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "prometheus"
# promtool is quick; the bound only keeps a wedged run from stalling the suite.
PROMTOOL_DEADLINE_S = 60


def promtool(*args: str) -> subprocess.CompletedProcess[str]:
    binary = shutil.which("promtool")
    assert binary, "promtool not found: run tests/interop/setup.sh (installs Debian's prometheus)"
    return subprocess.run(
        [binary, *args], cwd=DEPLOY, capture_output=True, text=True, timeout=PROMTOOL_DEADLINE_S, check=False
    )


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("check", "rules", "alerts.yml"), id="check-rules"),
        pytest.param(("test", "rules", "alerts_test.yml"), id="test-rules"),
        pytest.param(("check", "config", "prometheus.example.yml"), id="check-example-config"),
    ],
)
def test_promtool(args: tuple[str, ...]) -> None:
    done = promtool(*args)
    assert done.returncode == 0, f"promtool {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"


def test_every_alert_has_unit_tests() -> None:
    """Each alert in alerts.yml is exercised by alerts_test.yml (a new alert without tests fails here)."""
    import re

    alerts = set(re.findall(r"^\s*- alert: (\S+)", (DEPLOY / "alerts.yml").read_text(), re.M))
    tested = set(re.findall(r"alertname: (\S+)", (DEPLOY / "alerts_test.yml").read_text()))
    assert alerts == {
        "ElicitGuardElicitationBlocksSpiking",
        "ElicitGuardEnvelopeRejections",
        "ElicitGuardUpstreamErrors",
        "ElicitGuardDown",
    }
    assert alerts <= tested, f"alerts without unit tests: {sorted(alerts - tested)}"
