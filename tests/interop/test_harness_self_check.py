"""The harness catches a gateway that enforces nothing.

Runs test_interop.py in a child pytest with ELICITGUARD_BIN pointing at transparent_proxy.sh (the
gateway's CLI, forwarding everything unchanged). Expected: every era and benign gateway test passes
(the gateway plumbing, SSE streaming and the legacy session flow work through an intermediary), and
every hostile and endless-asker gateway test fails (the assertions cannot be satisfied by the SDKs
alone). Skip it with INTEROP_SKIP_SELF_CHECK=1 to save its minute.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# The child run makes twenty client runs; generous for two loaded cores.
CHILD_DEADLINE_S = 400


@pytest.mark.skipif(os.environ.get("INTEROP_SKIP_SELF_CHECK") == "1", reason="INTEROP_SKIP_SELF_CHECK=1")
def test_transparent_proxy_fails_exactly_the_enforcement_tests(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    env = dict(os.environ)
    env["ELICITGUARD_BIN"] = str(HERE / "transparent_proxy.sh")
    env["INTEROP_LOG_DIR"] = str(tmp_path / "logs")
    env.pop("ELICITGUARD_EXTRA_ARGS", None)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            f"--junitxml={report}",
            "-k",
            "gateway",
            str(HERE / "test_interop.py"),
        ],
        cwd=HERE,
        env=env,
        capture_output=True,
        text=True,
        timeout=CHILD_DEADLINE_S,
        check=False,
    )
    assert report.exists(), f"child pytest wrote no report:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    outcomes: dict[str, str] = {}
    for case in ET.parse(report).iter("testcase"):
        name = case.get("name", "")
        if case.find("failure") is not None or case.find("error") is not None:
            outcomes[name] = "failed"
        elif case.find("skipped") is not None:
            outcomes[name] = "skipped"
        else:
            outcomes[name] = "passed"

    enforcing = ("test_hostile_blocked_by_gateway", "test_endless_asker_cut_at_gateway_budget")
    plumbing = ("test_negotiates_requested_era", "test_benign_through_gateway_equals_direct")
    wrong = []
    for name, outcome in sorted(outcomes.items()):
        if name.startswith(enforcing) and outcome != "failed":
            wrong.append(f"{name}: {outcome} through a transparent proxy (must fail)")
        if name.startswith(plumbing) and "gateway" in name and outcome != "passed":
            wrong.append(f"{name}: {outcome} through a transparent proxy (must pass)")
    # Undeclared url mode: the TS server refuses by itself (-32021), so only the Python upstream,
    # which asks anyway, tells a gateway from a proxy.
    for name, outcome in outcomes.items():
        if name.startswith("test_undeclared_url_mode_refused_by_gateway"):
            want = "failed" if name.endswith("[py]") else "passed"
            if outcome != want:
                wrong.append(f"{name}: {outcome} through a transparent proxy (must have {want})")
    counts = {k: sum(1 for n in outcomes if n.startswith(k)) for k in (*enforcing, *plumbing)}
    # 10 client x server pairs: 3 hostile scenarios + 1 endless each; era + 3 benign each.
    assert counts == {
        "test_hostile_blocked_by_gateway": 30,
        "test_endless_asker_cut_at_gateway_budget": 10,
        "test_negotiates_requested_era": 10,
        "test_benign_through_gateway_equals_direct": 30,
    }, counts
    assert not wrong, "\n".join(wrong)
