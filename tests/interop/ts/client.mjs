// Client on the official TypeScript SDK (@modelcontextprotocol/client 2.4.0), for the interop tests.
// Run: `node client.mjs URL MODE TOOL [TOOL...]`, MODE being `legacy` (the SDK's default: no
// versionNegotiation option at all), `auto` (versionNegotiation auto), `pin` (pinned 2026-07-28) or
// `pin-form-only` (pinned, declaring only form-mode elicitation).
// Prints one JSON object like ../py_client.py: {negotiated, era, calls: {tool: outcome}}.
//
// The elicitation handler accepts everything, so a blocked call proves the gateway, not a cautious client.
// With INTEROP_ELICIT_ANSWER=off-schema it answers outside the asked schema, like ../py_client.py: a string
// (OFF_SCHEMA_VALUE) where `party_size` asks for an integer. The SDK checks the result's shape only (primitive
// values), not the asked schema, so the answer goes out as written.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const [url, mode, ...tools] = process.argv.slice(2);

// `pin-form-only` is the pinned modern client declaring form mode alone (no url), for the
// undeclared-mode scenario.
const options = { capabilities: { elicitation: mode === 'pin-form-only' ? { form: {} } : { form: {}, url: {} } } };
if (mode === 'auto') options.versionNegotiation = { mode: 'auto' };
else if (mode === 'pin' || mode === 'pin-form-only') options.versionNegotiation = { mode: { pin: '2026-07-28' } };
else if (mode !== 'legacy') throw new Error(`unknown mode ${mode}`);

// The off-schema answer's value: a marker nobody else sends, so a test can look for it on the wire.
const OFF_SCHEMA_VALUE = 'lots-4711';
const OFF_SCHEMA = process.env.INTEROP_ELICIT_ANSWER === 'off-schema';

let callbacks = 0;
let urls = [];

function fill(schema) {
    const content = {};
    for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
        if (name === 'party_size') content[name] = OFF_SCHEMA ? OFF_SCHEMA_VALUE : 4;
        else if (name === 'date') content[name] = '2026-12-24';
        else if (prop?.type === 'integer' || prop?.type === 'number') content[name] = 1;
        else if (prop?.type === 'boolean') content[name] = true;
        else content[name] = 'answer';
    }
    return content;
}

const client = new Client({ name: 'interop-ts-client', version: '1.0.0' }, options);
client.setRequestHandler('elicitation/create', async request => {
    callbacks += 1;
    const params = request.params ?? {};
    if (params.mode === 'url') {
        urls.push(params.url);
        return { action: 'accept' };
    }
    return { action: 'accept', content: fill(params.requestedSchema) };
});

const out = { calls: {} };
const transport = new StreamableHTTPClientTransport(new URL(url));
await client.connect(transport);
out.negotiated = client.getNegotiatedProtocolVersion();
out.era = client.getProtocolEra();
for (const tool of tools) {
    callbacks = 0;
    urls = [];
    let outcome;
    try {
        const result = await client.callTool({ name: tool, arguments: {} }, { timeout: 60_000 });
        outcome = {
            kind: 'result',
            text: (result.content ?? []).filter(c => c.type === 'text').map(c => c.text).join('\n').slice(0, 300),
            isError: Boolean(result.isError)
        };
    } catch (err) {
        if (typeof err?.code === 'number') {
            outcome = { kind: 'error', code: err.code, message: String(err.message).slice(0, 300), data: err.data ?? null };
        } else {
            outcome = { kind: 'exception', message: `${err?.name}: ${err?.message}` };
        }
    }
    outcome.callbacks = callbacks;
    outcome.urls = urls;
    out.calls[tool] = outcome;
}
await client.close().catch(() => {});
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
