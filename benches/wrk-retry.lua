-- wrk script of benches/store.sh: the MRTR retry path, against bench-upstream's /mcp-retry behind a gateway.
-- A first call (benches/wrk-post.lua's request) gets an input_required whose requestState the gateway sealed;
-- that state goes on a queue, and the next request of the thread, on whichever connection, is the retry: the
-- same call with the state and answers to both asked keys, which the gateway opens, checks, records as used
-- (the replay cache: one SET NX on Redis) and forwards; the upstream then completes. So half the requests are
-- first calls (judged, counted, sealed) and half are retries. Every response is checked: a refusal or an error
-- (a -32011 rate limit, a replayed or refused envelope) is counted and printed, never mistaken for speed.
--
-- WRK_PACE_MS (optional): each connection waits, after a response, a whole number of milliseconds drawn
-- uniformly from 0 to twice this before its next request (wrk's delay()): a paced load for latency below
-- saturation, at about connections / (WRK_PACE_MS + latency) requests a second. The wait is random so that the
-- connections do not move in step: a fixed wait keeps them in one burst, and its queue is what latency measures.
-- wrk counts latency from the send, so, unlike oha --latency-correction, a stall of the server is not charged to
-- the requests queued behind it.
--
-- Prints RESULT as wrk-post.lua does, then
-- RETRY first_calls retries sealed completed errors rate_limited

local f = assert(io.open("benches/wrk-post.lua", "r"))
local src = f:read("*a")
f:close()
local body = assert(src:match("\nlocal body = '([^\n]*)'\n"), "no request body in benches/wrk-post.lua")
local at = assert(body:find('"params":{', 1, true), "no params in the request body") + #'"params":{' - 1
local head_part, tail_part = body:sub(1, at), body:sub(at + 1)
-- Answers to what bench-upstream's InputRequiredResult asks (benches/fixtures/input_required_2k.json): the
-- booking form, within its schema, and the url elicitation.
local answers = '"inputResponses":{"book0":{"action":"accept","content":{"date":"2026-08-01","party_size":4,'
   .. '"name":"Ada Lovelace","seating":"terrace"}},"link":{"action":"accept"}},'

wrk.method = "POST"
wrk.body = body
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["MCP-Protocol-Version"] = "2026-07-28"

local pace = tonumber(os.getenv("WRK_PACE_MS") or "")
if pace then
   local top = math.floor(2 * pace + 0.5)
   function delay()
      return math.random(0, top)
   end
end

-- Per thread (globals, read by done() through thread:get).
first_calls, retries, sealed, completed, errors, rate_limited = 0, 0, 0, 0, 0, 0
local states, first, last = {}, 1, 0

local threads = {}
function setup(thread)
   table.insert(threads, thread)
end

function request()
   if first <= last then
      local s = states[first]
      states[first] = nil
      first = first + 1
      retries = retries + 1
      return wrk.format(nil, nil, nil, head_part .. '"requestState":"' .. s .. '",' .. answers .. tail_part)
   end
   first_calls = first_calls + 1
   return wrk.format(nil, nil, nil, body)
end

function response(status, headers, b)
   if status ~= 200 then
      errors = errors + 1
      return
   end
   local s = b:match('"requestState":"([^"]+)"')
   if s and b:find('"input_required"', 1, true) then
      sealed = sealed + 1
      last = last + 1
      states[last] = s
   elseif b:find('"error":', 1, true) then
      errors = errors + 1
      if b:find('-32011', 1, true) then
         rate_limited = rate_limited + 1
      end
   elseif b:find('"resultType":"complete"', 1, true) then
      completed = completed + 1
   else
      errors = errors + 1
   end
end

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format("RESULT %.1f %d %d %d %d %d %d\n",
      summary.requests / (summary.duration / 1e6),
      latency:percentile(50), latency:percentile(99), latency:percentile(99.9),
      summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
   local n = { 0, 0, 0, 0, 0, 0 }
   for _, t in ipairs(threads) do
      for i, k in ipairs({ "first_calls", "retries", "sealed", "completed", "errors", "rate_limited" }) do
         n[i] = n[i] + (t:get(k) or 0)
      end
   end
   io.write(string.format("RETRY %d %d %d %d %d %d\n", n[1], n[2], n[3], n[4], n[5], n[6]))
end
