"""Client on the official Python SDK (`mcp` 2.3.0 `mcp.Client`), for the interop tests.

Run: `python py_client.py URL MODE TOOL [TOOL...]`, MODE being `auto`, `legacy` or `2026-07-28`.
It connects once, calls each tool in turn and prints one JSON object on stdout:
`{"negotiated": "<protocol version>", "calls": {tool: outcome}}`, where an outcome records whether
the call completed (`result`, with its text and `isError`) or ended in a JSON-RPC error (`code`,
`message`, `data`), and how many times the elicitation callback ran for that call (`callbacks`).

The callback accepts everything: a form gets a value of the right type for each property, a URL
is consented to. That makes a blocked call proof of the gateway, not of a cautious client.

With `INTEROP_ELICIT_ANSWER=off-schema` in the environment the callback answers outside the asked schema:
a string (`OFF_SCHEMA_VALUE`) where `party_size` asks for an integer. The SDK checks only the result's
shape (primitive values), not the asked schema, so the answer goes out as written: test_shared_store.py
shows the gateway refuses it.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

import mcp_types
from mcp import Client
from mcp.shared.exceptions import MCPError

CALLBACKS: dict[str, Any] = {"count": 0, "urls": []}
# The off-schema answer's value: a marker nobody else sends, so a test can look for it on the wire.
OFF_SCHEMA_VALUE = "lots-4711"
OFF_SCHEMA = os.environ.get("INTEROP_ELICIT_ANSWER") == "off-schema"


def fill(schema: dict[str, Any]) -> dict[str, Any]:
    """A plausible answer for a flat form schema (the benign scenario's answer is checked)."""
    content: dict[str, Any] = {}
    for name, prop in (schema.get("properties") or {}).items():
        kind = prop.get("type") if isinstance(prop, dict) else None
        if name == "party_size":
            content[name] = OFF_SCHEMA_VALUE if OFF_SCHEMA else 4
        elif name == "date":
            content[name] = "2026-12-24"
        elif kind in ("integer", "number"):
            content[name] = 1
        elif kind == "boolean":
            content[name] = True
        else:
            content[name] = "answer"
    return content


def describe(err: BaseException) -> str:
    """The innermost causes of an exception (task groups wrap the real one)."""
    if isinstance(err, BaseExceptionGroup):
        return "; ".join(describe(e) for e in err.exceptions)
    if isinstance(err, MCPError):
        return f"MCPError {err.error.code}: {err.error.message}"
    return f"{type(err).__name__}: {err}"


async def on_elicit(_context: Any, params: Any) -> Any:
    CALLBACKS["count"] += 1
    mode = getattr(params, "mode", "form") or "form"
    if mode == "url":
        CALLBACKS["urls"].append(getattr(params, "url", None))
        return mcp_types.ElicitResult(action="accept")
    schema = getattr(params, "requested_schema", None)
    if hasattr(schema, "model_dump"):
        schema = schema.model_dump(by_alias=True, exclude_none=True)
    return mcp_types.ElicitResult(action="accept", content=fill(schema or {}))


async def run(url: str, mode: str, tools: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"calls": {}}
    async with Client(url, mode=mode, elicitation_callback=on_elicit) as client:
        out["negotiated"] = client.protocol_version
        for tool in tools:
            CALLBACKS["count"] = 0
            CALLBACKS["urls"] = []
            try:
                result = await asyncio.wait_for(client.call_tool(tool, {}), timeout=60)
                texts = [c.text for c in result.content if getattr(c, "type", None) == "text"]
                outcome: dict[str, Any] = {
                    "kind": "result",
                    "text": "\n".join(texts)[:300],
                    "isError": bool(result.is_error),
                }
            except MCPError as err:
                outcome = {
                    "kind": "error",
                    "code": err.error.code,
                    "message": err.error.message,
                    "data": err.error.data,
                }
            except Exception as err:  # noqa: BLE001 - the runner reports any other failure as such
                outcome = {"kind": "exception", "message": describe(err)}
            outcome["callbacks"] = CALLBACKS["count"]
            outcome["urls"] = CALLBACKS["urls"]
            out["calls"][tool] = outcome
    return out


def main() -> None:
    url, mode, *tools = sys.argv[1:]
    print(json.dumps(asyncio.run(run(url, mode, tools)), default=str))


if __name__ == "__main__":
    main()
