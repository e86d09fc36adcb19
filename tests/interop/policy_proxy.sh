#!/usr/bin/env bash
# ELICITGUARD_BIN stand-in for the harness's positive control: see policy_proxy.py.
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec "$HERE/.venv/bin/python" "$HERE/policy_proxy.py" "$@"
