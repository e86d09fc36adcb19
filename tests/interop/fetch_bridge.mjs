// node:http <-> web Request/Response for the interop test servers, streaming both ways (SSE must flow event by
// event). Shared by ts/server.mjs and conformance/server.mjs; it imports nothing outside Node itself, so it
// works from either package.
import { createServer } from 'node:http';

// Serves `route(request) -> Response` on 127.0.0.1:`port`. `origin(req)` is the scheme and authority the
// web Request's URL is built with; `label` names the server in its log lines.
export function serveFetch(route, { port, label, origin }) {
    const httpServer = createServer(async (req, res) => {
        try {
            const chunks = [];
            for await (const c of req) chunks.push(c);
            const body = chunks.length ? Buffer.concat(chunks) : undefined;
            const headers = new Headers();
            for (const [k, v] of Object.entries(req.headers)) {
                if (Array.isArray(v)) v.forEach(x => headers.append(k, x));
                else if (v !== undefined) headers.set(k, v);
            }
            const request = new Request(`${origin(req)}${req.url}`, {
                method: req.method,
                headers,
                body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body
            });
            const response = await route(request);
            res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
            if (!response.body) return res.end();
            const reader = response.body.getReader();
            res.on('close', () => void reader.cancel().catch(() => {}));
            for (;;) {
                const { done, value } = await reader.read();
                if (done) break;
                res.write(value);
            }
            res.end();
        } catch (err) {
            console.error(`${label} error:`, err);
            if (!res.headersSent) res.writeHead(500);
            res.end();
        }
    });
    httpServer.listen(port, '127.0.0.1', () => console.error(`${label} listening on 127.0.0.1:${port}`));
    return httpServer;
}
