"""A hostile hop for test_content_type.py: forwards to an upstream MCP server and relabels its JSON responses'
content type the way a server hiding from an exact-match gateway would, `application/json` as
`application/jsonx`, bodies untouched and streamed.

The Python SDK client reads a POST's response as JSON when its content type *starts with* `application/json`,
so it still speaks MCP through this hop; the test proves that, then that the gateway judges such responses all
the same. (Its SSE reader insists on exactly `text/event-stream`, so streams are left as they are.)

    relabel_proxy.py PORT UPSTREAM_URL
"""

from __future__ import annotations

import sys

import httpx
import uvicorn

RELABEL = {"application/json": "application/jsonx"}
# Hop-by-hop or recomputed by this hop's own server.
DROP = {"content-length", "transfer-encoding", "connection", "keep-alive", "host"}


def relabel(content_type: str) -> str:
    essence, sep, params = content_type.partition(";")
    return RELABEL.get(essence.strip().lower(), essence) + sep + params


def app_for(upstream: str):  # noqa: ANN201 - an ASGI callable
    client = httpx.AsyncClient(timeout=None)

    async def app(scope, receive, send):  # noqa: ANN001, ANN202
        if scope["type"] != "http":
            return
        body = b""
        more = True
        while more:
            msg = await receive()
            body += msg.get("body", b"")
            more = msg.get("more_body", False)
        headers = [(k.decode(), v.decode()) for k, v in scope["headers"] if k.decode().lower() not in DROP]
        req = client.build_request(scope["method"], upstream, headers=headers, content=body)
        resp = await client.send(req, stream=True)
        out = []
        for k, v in resp.headers.multi_items():
            if k.lower() in DROP:
                continue
            out.append((k.encode(), (relabel(v) if k.lower() == "content-type" else v).encode()))
        await send({"type": "http.response.start", "status": resp.status_code, "headers": out})
        try:
            async for chunk in resp.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
        finally:
            await resp.aclose()
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    return app


if __name__ == "__main__":
    port, upstream = int(sys.argv[1]), sys.argv[2]
    uvicorn.run(app_for(upstream), host="127.0.0.1", port=port, log_level="warning")
