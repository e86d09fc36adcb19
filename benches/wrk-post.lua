-- wrk script of benches/load.sh: a 2026-07-28 tools/call POST declaring form and url elicitation, and one
-- machine-readable line at the end:
-- RESULT req_per_s p50_us p99_us p99.9_us requests non2xx socket_errors
local body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"inventory","arguments":{"warehouse":"north"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"wrk","version":"1"},"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}}}'

wrk.method = "POST"
wrk.body = body
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["MCP-Protocol-Version"] = "2026-07-28"

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format("RESULT %.1f %d %d %d %d %d %d\n",
      summary.requests / (summary.duration / 1e6),
      latency:percentile(50), latency:percentile(99), latency:percentile(99.9),
      summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
