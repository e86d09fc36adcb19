#!/usr/bin/env bash
# ELICITGUARD_BIN stand-in for the harness self-check: see transparent_proxy.py.
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec "$HERE/.venv/bin/python" "$HERE/transparent_proxy.py" "$@"
