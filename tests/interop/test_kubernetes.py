"""deploy/kubernetes: both overlays render with `kubectl kustomize`, every object passes the Kubernetes schemas,
and the objects say what the README promises.

Schemas: `kubernetes-validate` (PyPI) checks every built-in kind strictly (unknown fields are errors) against
Kubernetes 1.27 (the oldest release with the PodDisruptionBudget's `unhealthyPodEvictionPolicy` on by default)
and its newest bundled release. It has no schemas for CRDs: the ServiceMonitor and the PrometheusRule
(monitoring.coreos.com/v1) are checked by structure here instead (apiVersion, kind, the fields the Prometheus
Operator's CRDs require, known keys only), and the PrometheusRule's rules by `promtool check rules`.

The config inside each rendered ConfigMap goes through `elicitguard check` (needs ELICITGUARD_BIN).
"""

from __future__ import annotations

import functools
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

import harness

REPO = Path(__file__).resolve().parents[2]
KUBE = REPO / "deploy" / "kubernetes"
ALERTS = REPO / "deploy" / "prometheus" / "alerts.yml"
OVERLAYS = ("single", "ha")
SCHEMA_VERSIONS = ("1.27.0", kubernetes_validate.latest_version())
# kubectl kustomize and the checks are quick; the bound only keeps a wedged run from stalling the suite.
COMMAND_DEADLINE_S = 120
# The env var the gateway reads envelope keys from, read from the source so a rename fails here.
ENV_STATE_KEYS = re.search(
    r'pub const ENV_STATE_KEYS: &str = "([A-Z_]+)";', (REPO / "src" / "state" / "keyring.rs").read_text()
).group(1)  # type: ignore[union-attr]
STORE_URL = "redis://elicitguard-redis:6379/0"


def run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=COMMAND_DEADLINE_S, check=False)


@functools.cache
def render(overlay: str) -> tuple[dict[str, Any], ...]:
    kubectl = shutil.which("kubectl")
    assert kubectl, "kubectl not found: run tests/interop/setup.sh (installs it with apt-get)"
    done = run([kubectl, "kustomize", str(KUBE / "overlays" / overlay)])
    assert done.returncode == 0, f"kubectl kustomize overlays/{overlay} failed:\n{done.stderr}"
    docs = tuple(d for d in yaml.safe_load_all(done.stdout) if d)
    assert docs, f"overlays/{overlay} rendered nothing"
    return docs


def objects(overlay: str, kind: str) -> list[dict[str, Any]]:
    return [d for d in render(overlay) if d["kind"] == kind]


def one(overlay: str, kind: str, name: str) -> dict[str, Any]:
    found = [d for d in objects(overlay, kind) if d["metadata"]["name"] == name]
    assert len(found) == 1, f"overlays/{overlay}: expected one {kind} {name}, found {len(found)}"
    return found[0]


def gateway_config(overlay: str) -> dict[str, Any]:
    cm = one(overlay, "ConfigMap", "elicitguard")
    return dict(yaml.safe_load(cm["data"]["config.yaml"]))


def container(deployment: dict[str, Any], name: str) -> dict[str, Any]:
    found = [c for c in deployment["spec"]["template"]["spec"]["containers"] if c["name"] == name]
    assert len(found) == 1, f"{deployment['metadata']['name']}: no single container {name}"
    return found[0]


def secret_env(c: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """env name -> (Secret name, key) for the container's env vars taken from Secrets."""
    out = {}
    for e in c.get("env", []):
        ref = e.get("valueFrom", {}).get("secretKeyRef")
        if ref:
            out[e["name"]] = (ref["name"], ref["key"])
    return out


def port_of(address: str) -> int:
    return int(address.rsplit(":", 1)[1])


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


# ---------------------------------------------------------------- schemas

# Known keys of the Prometheus Operator's CRDs (monitoring.coreos.com/v1) at the levels used here.
SERVICE_MONITOR_SPEC_KEYS = {
    "selector", "endpoints", "namespaceSelector", "jobLabel", "targetLabels", "podTargetLabels", "sampleLimit",
    "targetLimit", "labelLimit", "labelNameLengthLimit", "labelValueLengthLimit", "attachMetadata",
    "scrapeProtocols", "fallbackScrapeProtocol", "keepDroppedTargets", "bodySizeLimit", "scrapeClass",
}  # fmt: skip
SERVICE_MONITOR_ENDPOINT_KEYS = {
    "port", "targetPort", "path", "scheme", "params", "interval", "scrapeTimeout", "tlsConfig", "bearerTokenFile",
    "bearerTokenSecret", "authorization", "honorLabels", "honorTimestamps", "trackTimestampsStaleness",
    "basicAuth", "oauth2", "metricRelabelings", "relabelings", "proxyUrl", "followRedirects", "enableHttp2",
    "filterRunning",
}  # fmt: skip
RULE_GROUP_KEYS = {"name", "interval", "rules", "limit", "partial_response_strategy", "query_offset", "labels"}
RULE_KEYS = {"alert", "record", "expr", "for", "keep_firing_for", "labels", "annotations"}
# The CRDs' pattern for a Prometheus duration.
DURATION = re.compile(r"^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$")


def check_metadata(doc: dict[str, Any]) -> None:
    meta = doc.get("metadata")
    assert isinstance(meta, dict) and isinstance(meta.get("name"), str) and meta["name"], f"no metadata.name: {doc}"
    assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", meta["name"]), meta["name"]
    for k, v in meta.get("labels", {}).items():
        assert isinstance(k, str) and isinstance(v, str), f"{meta['name']}: label {k}={v!r} is not a string"


def check_service_monitor(doc: dict[str, Any]) -> None:
    check_metadata(doc)
    spec = doc["spec"]
    unknown = set(spec) - SERVICE_MONITOR_SPEC_KEYS
    assert not unknown, f"unknown ServiceMonitor spec keys: {unknown}"
    assert isinstance(spec.get("selector"), dict) and spec["selector"].get("matchLabels"), "selector is required"
    endpoints = spec.get("endpoints")
    assert isinstance(endpoints, list) and endpoints, "no endpoints"
    for ep in endpoints:
        unknown = set(ep) - SERVICE_MONITOR_ENDPOINT_KEYS
        assert not unknown, f"unknown ServiceMonitor endpoint keys: {unknown}"
        assert isinstance(ep.get("port"), str), f"endpoint without a named port: {ep}"
        assert str(ep.get("path", "/metrics")).startswith("/"), ep
        for d in ("interval", "scrapeTimeout"):
            if d in ep:
                assert DURATION.match(ep[d]), f"{d}: {ep[d]!r} is not a Prometheus duration"


def check_prometheus_rule(doc: dict[str, Any]) -> None:
    check_metadata(doc)
    spec = doc["spec"]
    assert set(spec) == {"groups"}, f"PrometheusRule spec keys: {set(spec)}"
    assert isinstance(spec["groups"], list) and spec["groups"], "no groups"
    for g in spec["groups"]:
        assert set(g) <= RULE_GROUP_KEYS and isinstance(g.get("name"), str) and g["name"], f"bad group: {set(g)}"
        assert isinstance(g.get("rules"), list) and g["rules"], f"group {g['name']}: no rules"
        for r in g["rules"]:
            assert set(r) <= RULE_KEYS, f"unknown rule keys: {set(r) - RULE_KEYS}"
            assert ("alert" in r) != ("record" in r), f"a rule is an alert or a record: {r}"
            assert isinstance(r.get("expr"), str) and r["expr"].strip(), f"rule without expr: {r}"
            if "for" in r:
                assert DURATION.match(r["for"]), r["for"]
            for m in ("labels", "annotations"):
                assert all(isinstance(v, str) for v in r.get(m, {}).values()), f"{m} values must be strings: {r}"


CRD_CHECKS = {
    ("monitoring.coreos.com/v1", "ServiceMonitor"): check_service_monitor,
    ("monitoring.coreos.com/v1", "PrometheusRule"): check_prometheus_rule,
}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_rendered_objects_pass_the_schemas(overlay: str) -> None:
    checked = []
    for doc in render(overlay):
        where = f"overlays/{overlay}: {doc.get('kind')} {doc.get('metadata', {}).get('name')}"
        crd = CRD_CHECKS.get((doc.get("apiVersion"), doc.get("kind")))
        for version in SCHEMA_VERSIONS:
            if crd is not None:
                # No schema for a CRD: said by the library itself, so a CRD is never silently "valid".
                with pytest.raises(kubernetes_validate.SchemaNotFoundError):
                    kubernetes_validate.validate(doc, version, strict=True)
                continue
            try:
                kubernetes_validate.validate(doc, version, strict=True)
            except kubernetes_validate.ValidationError as err:
                raise AssertionError(f"{where} fails the Kubernetes {version} schema: {err.message}") from err
        if crd is not None:
            crd(doc)
        checked.append(doc["kind"])
    expected = {
        "single": ["ConfigMap", "Deployment", "Service"],
        "ha": ["ConfigMap", "Deployment", "Deployment", "PodDisruptionBudget", "PrometheusRule", "Service", "Service",
               "ServiceMonitor"],
    }[overlay]  # fmt: skip
    assert sorted(checked) == expected


def test_schema_check_catches_a_bad_field() -> None:
    """The strict schema check fails on a misspelt field (so a pass above means something)."""
    dep = yaml.safe_load(yaml.safe_dump(one("ha", "Deployment", "elicitguard")))
    container(dep, "elicitguard")["securityContext"]["readOnlyRootFS"] = True
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(dep, SCHEMA_VERSIONS[-1], strict=True)


# ---------------------------------------------------------------- what both overlays promise


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_gateway_deployment(overlay: str) -> None:
    dep = one(overlay, "Deployment", "elicitguard")
    pod = dep["spec"]["template"]["spec"]
    labels = dep["spec"]["template"]["metadata"]["labels"]
    assert selects(dep["spec"]["selector"]["matchLabels"], labels)
    c = container(dep, "elicitguard")
    cfg = gateway_config(overlay)
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    assert ports == {"mcp": port_of(cfg["listeners"][0]["address"]), "admin": port_of(cfg["admin"]["address"])}
    # Probes on the admin port.
    assert c["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "admin"}
    assert c["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "admin"}
    # Hardened: non-root, read-only root, no capabilities, no escalation, no API token.
    sc = c["securityContext"]
    assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
    assert sc["capabilities"]["drop"] == ["ALL"] and not sc["capabilities"].get("add")
    assert sc["runAsNonRoot"] is True and pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] != 0
    assert pod["automountServiceAccountToken"] is False
    assert c["resources"]["requests"]["cpu"] and c["resources"]["requests"]["memory"]
    assert c["resources"]["limits"]["memory"]
    # The state keys from the Secret, under the name the gateway reads.
    assert secret_env(c)[ENV_STATE_KEYS] == ("elicitguard-state-keys", "keys")
    # The config: mounted as a directory (so updates reach the pod) where `serve --config` reads it.
    config_path = Path(c["args"][c["args"].index("--config") + 1])
    mount = [m for m in c["volumeMounts"] if m["mountPath"] == str(config_path.parent)]
    assert len(mount) == 1 and "subPath" not in mount[0], c["volumeMounts"]
    volume = [v for v in pod["volumes"] if v["name"] == mount[0]["name"]][0]
    assert volume["configMap"]["name"] == "elicitguard"
    assert config_path.name in one(overlay, "ConfigMap", "elicitguard")["data"]
    # The drain fits in the grace period (preStop pause + shutdown_grace_ms + 1 s for the last events).
    grace_ms = cfg.get("limits", {}).get("shutdown_grace_ms", 30000)
    assert pod["terminationGracePeriodSeconds"] * 1000 > grace_ms + 5000 + 1000


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_gateway_service(overlay: str) -> None:
    svc = one(overlay, "Service", "elicitguard")
    dep = one(overlay, "Deployment", "elicitguard")
    assert svc["spec"].get("type", "ClusterIP") == "ClusterIP", "the admin port has no authentication"
    assert selects(svc["spec"]["selector"], dep["spec"]["template"]["metadata"]["labels"])
    named = {p["name"] for p in container(dep, "elicitguard")["ports"]}
    assert {p["targetPort"] for p in svc["spec"]["ports"]} == named == {"mcp", "admin"}


def test_single_overlay() -> None:
    dep = one("single", "Deployment", "elicitguard")
    assert dep["spec"]["replicas"] == 1
    assert "store" not in gateway_config("single"), "one replica uses the memory store"
    assert ENV_STATE_KEYS in secret_env(container(dep, "elicitguard"))
    assert "ELICITGUARD_STORE_PASSWORD" not in secret_env(container(dep, "elicitguard"))
    ann = dep["spec"]["template"]["metadata"]["annotations"]
    assert ann["prometheus.io/scrape"] == "true"
    assert int(ann["prometheus.io/port"]) == port_of(gateway_config("single")["admin"]["address"])
    assert not objects("single", "PodDisruptionBudget") and not objects("single", "ServiceMonitor")


# ---------------------------------------------------------------- the HA overlay


def test_ha_overlay_replicas_pdb_and_spread() -> None:
    dep = one("ha", "Deployment", "elicitguard")
    assert dep["spec"]["replicas"] == 3
    assert dep["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    labels = dep["spec"]["template"]["metadata"]["labels"]
    pdb = one("ha", "PodDisruptionBudget", "elicitguard")
    assert pdb["spec"]["minAvailable"] == 2
    assert selects(pdb["spec"]["selector"]["matchLabels"], labels)
    spread = dep["spec"]["template"]["spec"]["topologySpreadConstraints"]
    by_key = {s["topologyKey"]: s for s in spread}
    assert by_key["kubernetes.io/hostname"]["whenUnsatisfiable"] == "DoNotSchedule"
    assert "topology.kubernetes.io/zone" in by_key
    for s in spread:
        assert s["maxSkew"] == 1 and selects(s["labelSelector"]["matchLabels"], labels)
    # No annotation scraping on top of the ServiceMonitor (every series twice).
    assert "prometheus.io/scrape" not in dep["spec"]["template"]["metadata"].get("annotations", {})


def test_ha_overlay_store() -> None:
    cfg = gateway_config("ha")
    store = cfg["store"]
    assert store["url"] == STORE_URL
    assert store["key_prefix"] == "elicitguard:"
    assert store.get("rate_limits_on_error", "closed") == "closed"
    assert 0 < store.get("timeout_ms", 250) < 1000
    # The gateway gets the password from the Secret; the URL carries none.
    gw = container(one("ha", "Deployment", "elicitguard"), "elicitguard")
    assert secret_env(gw)["ELICITGUARD_STORE_PASSWORD"] == ("elicitguard-redis", "password")
    assert "@" not in store["url"]
    # Redis: the Service named in the URL, on its port, in front of a redis:7 pod using the same Secret.
    host, port = re.fullmatch(r"redis://([^:/]+):(\d+)/\d+", store["url"]).groups()  # type: ignore[union-attr]
    svc = one("ha", "Service", host)
    assert [p["port"] for p in svc["spec"]["ports"]] == [int(port)]
    redis = one("ha", "Deployment", host)
    assert selects(svc["spec"]["selector"], redis["spec"]["template"]["metadata"]["labels"])
    rc = container(redis, "redis")
    assert rc["image"] == "redis:7"
    assert secret_env(rc)["REDIS_PASSWORD"] == ("elicitguard-redis", "password")
    args = rc["args"]
    assert args[args.index("--requirepass") + 1] == "$(REDIS_PASSWORD)"
    assert args[args.index("--maxmemory-policy") + 1] == "noeviction", "evicted replay markers allow replays"
    sc = rc["securityContext"]
    assert sc["readOnlyRootFilesystem"] is True and sc["capabilities"]["drop"] == ["ALL"] and sc["runAsNonRoot"]
    # The gateway's Service must not select Redis, and the other way round.
    gw_svc = one("ha", "Service", "elicitguard")
    assert not selects(gw_svc["spec"]["selector"], redis["spec"]["template"]["metadata"]["labels"])


def test_ha_config_is_base_config_plus_store() -> None:
    """overlays/ha/config.yaml replaces base/config.yaml whole: apart from `store:` they must not drift apart."""
    base = yaml.safe_load((KUBE / "base" / "config.yaml").read_text())
    ha = yaml.safe_load((KUBE / "overlays" / "ha" / "config.yaml").read_text())
    assert "store" in ha and "store" not in base
    ha.pop("store")
    assert ha == base
    assert gateway_config("single") == base


def test_ha_service_monitor_scrapes_the_gateway() -> None:
    sm = one("ha", "ServiceMonitor", "elicitguard")
    wanted = sm["spec"]["selector"]["matchLabels"]
    matched = [s for s in objects("ha", "Service") if selects(wanted, s["metadata"].get("labels", {}))]
    assert [s["metadata"]["name"] for s in matched] == ["elicitguard"]
    # The Operator names the job after the Service; alerts.yml's ElicitGuardDown wants job="elicitguard".
    assert "jobLabel" not in sm["spec"]
    assert 'up{job="elicitguard"}' in ALERTS.read_text()
    ports = {p["name"] for p in matched[0]["spec"]["ports"]}
    assert [ep["port"] for ep in sm["spec"]["endpoints"]] == ["admin"] and "admin" in ports
    assert sm["spec"]["endpoints"][0].get("path", "/metrics") == "/metrics"


# ---------------------------------------------------------------- the PrometheusRule and its source


def test_prometheusrule_is_generated_from_alerts() -> None:
    script = KUBE / "gen-prometheusrule.py"
    done = run([sys.executable, str(script), "--stdout"])
    assert done.returncode == 0, done.stderr
    committed = (KUBE / "overlays" / "ha" / "prometheusrule.yaml").read_text()
    assert committed == done.stdout, (
        "overlays/ha/prometheusrule.yaml differs from what deploy/prometheus/alerts.yml makes: "
        "run python3 deploy/kubernetes/gen-prometheusrule.py"
    )
    check = run([sys.executable, str(script), "--check"])
    assert check.returncode == 0, check.stderr
    # Parsed, the rule's groups are alerts.yml's groups, and so are the rendered object's.
    groups = yaml.safe_load(ALERTS.read_text())["groups"]
    assert yaml.safe_load(committed)["spec"]["groups"] == groups
    assert one("ha", "PrometheusRule", "elicitguard")["spec"]["groups"] == groups


def test_generator_follows_alerts_text() -> None:
    """The generator copies what alerts.yml says (a changed threshold shows up), and refuses a file of another shape."""
    spec = importlib.util.spec_from_file_location("gen_prometheusrule", KUBE / "gen-prometheusrule.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    text = ALERTS.read_text()
    changed = re.sub(r"(?m)^(\s*expr: ).*$", r"\g<1>vector(42) > 0", text, count=1)
    assert changed != text
    rendered = yaml.safe_load(gen.render(changed))
    assert rendered["spec"]["groups"][0]["rules"][0]["expr"] == "vector(42) > 0"
    assert rendered["spec"]["groups"] == yaml.safe_load(changed)["groups"]
    with pytest.raises(SystemExit):
        gen.render("# nothing but a comment\nrules: []\n")


def test_rendered_prometheusrule_passes_promtool(tmp_path: Path) -> None:
    promtool = shutil.which("promtool")
    assert promtool, "promtool not found: run tests/interop/setup.sh (installs Debian's prometheus)"
    rules = tmp_path / "rules.yml"
    rules.write_text(yaml.safe_dump(one("ha", "PrometheusRule", "elicitguard")["spec"]))
    done = run([promtool, "check", "rules", str(rules)])
    assert done.returncode == 0, f"promtool check rules:\n{done.stdout}{done.stderr}"
    assert "4 rules found" in done.stdout, done.stdout


# ---------------------------------------------------------------- the config, as the gateway reads it


@pytest.mark.skipif(not harness.gateway_bin(), reason="needs ELICITGUARD_BIN=/path/to/elicitguard")
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_configmap_config_passes_elicitguard_check(overlay: str, tmp_path: Path) -> None:
    binary = harness.gateway_bin()
    assert binary
    config = tmp_path / "config.yaml"
    config.write_text(one(overlay, "ConfigMap", "elicitguard")["data"]["config.yaml"])
    done = run([binary, "check", "--config", str(config)])
    out = done.stdout + done.stderr
    assert done.returncode == 0, f"elicitguard check on overlays/{overlay}'s ConfigMap:\n{out}"
    assert "route default: /mcp -> http://mcp-server:9000/mcp" in out, out
    store = {"single": "store: memory", "ha": "store: redis redis://elicitguard-redis:6379/0"}[overlay]
    assert store in out, f"check says which store serve would use: {out}"
