// The conformance server: an MCP server on the official TypeScript SDK (@modelcontextprotocol/server 2.4.0)
// that implements the server scenarios of the official conformance suite (@modelcontextprotocol/conformance
// 0.1.16 for 2025-11-25, 0.2.0-alpha.12 for 2026-07-28), written for elicitguard from the scenarios'
// own requirement texts (`conformance list`, each scenario's description). Run: `node server.mjs PORT`;
// serves http://127.0.0.1:PORT/mcp, both protocol eras at one URL:
//
// - 2026-07-28 requests (per-request `_meta`) go to `createMcpHandler` (stateless: each request gets a
//   fresh server from `buildServer('modern')`; elicitation, sampling and roots ride InputRequiredResult).
// - 2025-era traffic (routed with the SDK's `isLegacyRequest`) goes to a sessionful
//   WebStandardStreamableHTTPServerTransport, one server per session, so the SDK's legacy shim can push real
//   `elicitation/create` and `sampling/createMessage` requests, logging and progress flow on the call's SSE
//   stream, and a closed stream can be resumed with Last-Event-ID (an in-memory event store).
//
// Every request is first checked for DNS rebinding: a Host or Origin that is not loopback gets 403.
// The tools are written once with `inputRequired(...)`; the SDK serves them in both eras.
import { randomBytes, randomUUID } from 'node:crypto';
import { serveFetch } from '../fetch_bridge.mjs';
import {
    InMemoryServerEventBus,
    McpServer,
    ResourceTemplate,
    WebStandardStreamableHTTPServerTransport,
    completable,
    createMcpHandler,
    createRequestStateCodec,
    fromJsonSchema,
    hostHeaderValidationResponse,
    inputRequired,
    inputResponse,
    isLegacyRequest,
    localhostAllowedHostnames,
    localhostAllowedOrigins,
    originValidationResponse
} from '@modelcontextprotocol/server';
import * as z from 'zod';

const CAPS_KEY = 'io.modelcontextprotocol/clientCapabilities';
// A 1x1 red PNG and a tiny silent WAV (44-byte header + 2 samples), base64.
const PNG =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRigAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQQAAAAAAAAA';
const text = t => ({ content: [{ type: 'text', text: t }] });
const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

// requestState is integrity-protected (HMAC, the SDK's codec) with a per-process key: one process serves
// every round of a flow here. A tampered state is refused by the SDK with -32602 before a handler runs.
const codec = createRequestStateCodec({ key: randomBytes(32), ttlSeconds: 600 });

// One change bus for every modern request: `subscriptions/listen` streams subscribe to it, the trigger
// tools publish on it.
const bus = new InMemoryServerEventBus();

const NAME_SCHEMA = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const elicitName = message => ({ method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: NAME_SCHEMA } });

// The JSON Schema 2020-12 tool's input schema, kept verbatim: the scenario checks that $schema, $defs and
// additionalProperties (SEP-1613), and $anchor, allOf/anyOf and if/then/else (SEP-2106) survive tools/list.
const SCHEMA_2020_12 = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
        address: {
            $anchor: 'addressDef',
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } }
        }
    },
    properties: {
        name: { type: 'string' },
        address: { $ref: '#/$defs/address' },
        contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' }
    },
    allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
    if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
    then: { required: ['phone'] },
    else: { required: ['email'] },
    additionalProperties: false
};
// SEP-2243: a tool whose argument is mirrored in an `Mcp-Param-Region` header; the SDK checks the header
// against the body (Base64 `=?base64?...?=` values decoded) before the tool runs.
const HEADER_TOOL_SCHEMA = {
    type: 'object',
    properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
    required: ['region']
};

// The capabilities this 2026-07-28 request declared (its `_meta` envelope).
function clientCaps(ctx) {
    return ctx.mcpReq.envelope?.[CAPS_KEY] ?? ctx.mcpReq._meta?.[CAPS_KEY] ?? {};
}

function registerContentTools(server) {
    server.registerTool('test_simple_text', { description: 'Returns simple text' }, async () =>
        text('This is a simple text response for testing.')
    );
    server.registerTool('test_image_content', { description: 'Returns an image' }, async () => ({
        content: [{ type: 'image', data: PNG, mimeType: 'image/png' }]
    }));
    server.registerTool('test_audio_content', { description: 'Returns audio' }, async () => ({
        content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }]
    }));
    server.registerTool('test_embedded_resource', { description: 'Returns an embedded resource' }, async () => ({
        content: [
            {
                type: 'resource',
                resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' }
            }
        ]
    }));
    server.registerTool('test_multiple_content_types', { description: 'Returns text, image and resource' }, async () => ({
        content: [
            { type: 'text', text: 'Multiple content types test:' },
            { type: 'image', data: PNG, mimeType: 'image/png' },
            {
                type: 'resource',
                resource: {
                    uri: 'test://mixed-content-resource',
                    mimeType: 'application/json',
                    text: JSON.stringify({ test: 'data', value: 123 })
                }
            }
        ]
    }));
    server.registerTool('test_error_handling', { description: 'Always fails' }, async () => ({
        isError: true,
        content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }]
    }));
    server.registerTool(
        'json_schema_2020_12_tool',
        { description: 'Tool with JSON Schema 2020-12 features', inputSchema: fromJsonSchema(SCHEMA_2020_12) },
        async args => text(`received ${JSON.stringify(args)}`)
    );
    server.registerTool(
        'test_header_param',
        { description: 'Argument mirrored in a custom header', inputSchema: fromJsonSchema(HEADER_TOOL_SCHEMA) },
        async ({ region }) => text(`region ${region}`)
    );
}

function registerUtilityTools(server) {
    const logThree = async ctx => {
        await ctx.mcpReq.log('info', 'Tool execution started');
        await sleep(50);
        await ctx.mcpReq.log('info', 'Tool processing data');
        await sleep(50);
        await ctx.mcpReq.log('info', 'Tool execution completed');
        return text('Logging tool completed');
    };
    server.registerTool('test_tool_with_logging', { description: 'Sends three info logs' }, async ctx => logThree(ctx));
    // The 2026 suite's name for it; without `_meta.../logLevel` the SDK sends no log at all.
    server.registerTool('test_logging_tool', { description: 'Sends three info logs' }, async ctx => logThree(ctx));
    server.registerTool('test_tool_with_progress', { description: 'Reports progress 0, 50, 100' }, async ctx => {
        const progressToken = ctx.mcpReq._meta?.progressToken;
        for (const progress of [0, 50, 100]) {
            if (progressToken !== undefined) {
                await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total: 100 } });
            }
            if (progress < 100) await sleep(50);
        }
        return text('Progress tool completed');
    });
}

// Elicitation and sampling, written once: a 2026 client fulfils the InputRequiredResult itself; on a
// 2025 session the SDK's legacy shim turns it into real server-to-client requests.
function registerInputTools(server) {
    server.registerTool(
        'test_sampling',
        { description: 'Asks the client to sample', inputSchema: { prompt: z.string() } },
        async ({ prompt }, ctx) => {
            const answer = inputResponse(ctx.mcpReq.inputResponses, 'sample');
            if (answer.kind !== 'sampling') {
                return inputRequired({
                    inputRequests: {
                        sample: inputRequired.createMessage({
                            messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
                            maxTokens: 100
                        })
                    }
                });
            }
            const content = answer.result.content;
            return text(`LLM response: ${Array.isArray(content) ? JSON.stringify(content) : (content?.text ?? '')}`);
        }
    );
    server.registerTool(
        'test_elicitation',
        { description: 'Asks the user for a username and email', inputSchema: { message: z.string() } },
        async ({ message }, ctx) => {
            const answer = inputResponse(ctx.mcpReq.inputResponses, 'user');
            if (answer.kind !== 'elicit') {
                return inputRequired({
                    inputRequests: {
                        user: {
                            method: 'elicitation/create',
                            params: {
                                mode: 'form',
                                message,
                                requestedSchema: {
                                    type: 'object',
                                    properties: {
                                        username: { type: 'string', description: "User's response" },
                                        email: { type: 'string', description: "User's email address" }
                                    },
                                    required: ['username', 'email']
                                }
                            }
                        }
                    }
                });
            }
            return text(`User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
        }
    );
    const elicitOnce = (name, description, message, requestedSchema) =>
        server.registerTool(name, { description }, async ctx => {
            const answer = inputResponse(ctx.mcpReq.inputResponses, 'form');
            if (answer.kind !== 'elicit') {
                return inputRequired({
                    inputRequests: { form: { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema } } }
                });
            }
            return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
        });
    elicitOnce('test_elicitation_sep1034_defaults', 'Form with defaults for every primitive type', 'Please review your profile', {
        type: 'object',
        properties: {
            name: { type: 'string', title: 'Name', default: 'John Doe' },
            age: { type: 'integer', title: 'Age', default: 30 },
            score: { type: 'number', title: 'Score', default: 95.5 },
            status: { type: 'string', title: 'Status', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', title: 'Verified', default: true }
        }
    });
    elicitOnce('test_elicitation_sep1330_enums', 'Form with every enum variant', 'Please choose your options', {
        type: 'object',
        properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: {
                type: 'string',
                oneOf: [
                    { const: 'value1', title: 'First Option' },
                    { const: 'value2', title: 'Second Option' },
                    { const: 'value3', title: 'Third Option' }
                ]
            },
            legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
            untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
            titledMulti: {
                type: 'array',
                items: {
                    anyOf: [
                        { const: 'value1', title: 'First Choice' },
                        { const: 'value2', title: 'Second Choice' },
                        { const: 'value3', title: 'Third Choice' }
                    ]
                }
            }
        }
    });
}

// The 2026-07-28 multi-round-trip scenarios (SEP-2322).
function registerMrtrTools(server) {
    server.registerTool('test_input_required_result_elicitation', { description: 'Asks for a name' }, async ctx => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_name');
        if (answer.kind !== 'elicit') {
            return inputRequired({ inputRequests: { user_name: elicitName('What is your name?') } });
        }
        return text(`Hello, ${answer.content?.name ?? 'stranger'}!`);
    });
    server.registerTool('test_input_required_result_sampling', { description: 'Asks the client to sample' }, async ctx => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'capital_question');
        if (answer.kind !== 'sampling') {
            return inputRequired({
                inputRequests: {
                    capital_question: inputRequired.createMessage({
                        messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
                        maxTokens: 100
                    })
                }
            });
        }
        return text(`The model said: ${answer.result.content?.text ?? JSON.stringify(answer.result.content)}`);
    });
    server.registerTool('test_input_required_result_list_roots', { description: 'Asks for the client roots' }, async ctx => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'client_roots');
        if (answer.kind !== 'roots') {
            return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
        }
        return text(`Roots: ${answer.roots.map(r => r.uri).join(', ')}`);
    });
    server.registerTool('test_input_required_result_request_state', { description: 'Round-trips requestState' }, async ctx => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
        const state = ctx.mcpReq.requestState();
        if (answer.kind !== 'elicit' || state?.step !== 'confirm') {
            return inputRequired({
                inputRequests: {
                    confirm: {
                        method: 'elicitation/create',
                        params: {
                            mode: 'form',
                            message: 'Please confirm',
                            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] }
                        }
                    }
                },
                requestState: await codec.mint({ step: 'confirm' })
            });
        }
        return text(`state-ok: confirmed=${answer.content?.ok}`);
    });
    server.registerTool('test_input_required_result_multiple_inputs', { description: 'Asks three things at once' }, async ctx => {
        const r = ctx.mcpReq.inputResponses;
        const name = inputResponse(r, 'user_name');
        const greeting = inputResponse(r, 'greeting');
        const roots = inputResponse(r, 'client_roots');
        if (name.kind !== 'elicit' || greeting.kind !== 'sampling' || roots.kind !== 'roots') {
            return inputRequired({
                inputRequests: {
                    user_name: elicitName('What is your name?'),
                    greeting: inputRequired.createMessage({
                        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
                        maxTokens: 50
                    }),
                    client_roots: inputRequired.listRoots()
                },
                requestState: await codec.mint({ step: 'all' })
            });
        }
        return text(`name=${name.content?.name}, roots=${roots.roots.length}`);
    });
    server.registerTool('test_input_required_result_multi_round', { description: 'Asks twice' }, async ctx => {
        const state = ctx.mcpReq.requestState();
        const r = ctx.mcpReq.inputResponses;
        if (state?.round === 1 && inputResponse(r, 'step1').kind === 'elicit') {
            const name = inputResponse(r, 'step1').content?.name;
            return inputRequired({
                inputRequests: {
                    step2: {
                        method: 'elicitation/create',
                        params: {
                            mode: 'form',
                            message: 'Step 2: What is your favorite color?',
                            requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] }
                        }
                    }
                },
                requestState: await codec.mint({ round: 2, name })
            });
        }
        if (state?.round === 2 && inputResponse(r, 'step2').kind === 'elicit') {
            return text(`${state.name} likes ${inputResponse(r, 'step2').content?.color}`);
        }
        return inputRequired({
            inputRequests: { step1: elicitName('Step 1: What is your name?') },
            requestState: await codec.mint({ round: 1 })
        });
    });
    server.registerTool('test_input_required_result_tampered_state', { description: 'Signed requestState' }, async ctx => {
        const state = ctx.mcpReq.requestState();
        if (state?.step === 'signed' && inputResponse(ctx.mcpReq.inputResponses, 'user_name').kind === 'elicit') {
            return text('state verified');
        }
        return inputRequired({
            inputRequests: { user_name: elicitName('What is your name?') },
            requestState: await codec.mint({ step: 'signed' })
        });
    });
    server.registerTool('test_input_required_result_capabilities', { description: 'Asks only what the client declared' }, async ctx => {
        const caps = clientCaps(ctx);
        const r = ctx.mcpReq.inputResponses;
        const requests = {};
        if (caps.elicitation && inputResponse(r, 'user_name').kind === 'missing') requests.user_name = elicitName('What is your name?');
        if (caps.sampling && inputResponse(r, 'summary').kind === 'missing') {
            requests.summary = inputRequired.createMessage({
                messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the day' } }],
                maxTokens: 50
            });
        }
        if (Object.keys(requests).length > 0) return inputRequired({ inputRequests: requests });
        return text('capabilities honoured');
    });
    // SEP-2575: needs sampling; a client that did not declare it gets -32021 naming it.
    // The SDK itself answers -32021 (HTTP 400) when a handler asks for input the request did not declare.
    server.registerTool('test_missing_capability', { description: 'Needs the sampling capability' }, async ctx => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'probe');
        if (answer.kind !== 'sampling') {
            return inputRequired({
                inputRequests: {
                    probe: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'ping' } }], maxTokens: 5 })
                }
            });
        }
        return text('sampled');
    });
    // SEP-2575: the response stream carries notifications and the InputRequiredResult, never a request.
    server.registerTool('test_streaming_elicitation', { description: 'Progress, then an elicitation' }, async ctx => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_name');
        if (answer.kind === 'elicit') return text(`Hello, ${answer.content?.name}!`);
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken !== undefined) {
            await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 2 } });
        }
        return inputRequired({ inputRequests: { user_name: elicitName('What is your name?') } });
    });
    server.registerTool('test_trigger_tool_change', { description: 'Announces a tool list change' }, async () => {
        bus.publish({ kind: 'tools_list_changed' });
        return text('tools list changed');
    });
    server.registerTool('test_trigger_prompt_change', { description: 'Announces a prompt list change' }, async () => {
        bus.publish({ kind: 'prompts_list_changed' });
        return text('prompts list changed');
    });
}

function registerPrompts(server) {
    server.registerPrompt('test_simple_prompt', { description: 'A prompt without arguments' }, async () => ({
        messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }]
    }));
    server.registerPrompt(
        'test_prompt_with_arguments',
        {
            description: 'A prompt with two arguments',
            argsSchema: {
                arg1: completable(z.string().describe('First test argument'), value =>
                    ['paris', 'park', 'party', 'test', 'testValue1'].filter(v => v.startsWith(value ?? ''))
                ),
                arg2: z.string().describe('Second test argument')
            }
        },
        async ({ arg1, arg2 }) => ({
            messages: [{ role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }]
        })
    );
    server.registerPrompt(
        'test_prompt_with_embedded_resource',
        { description: 'A prompt embedding a resource', argsSchema: { resourceUri: z.string().describe('URI of the resource to embed') } },
        async ({ resourceUri }) => ({
            messages: [
                {
                    role: 'user',
                    content: { type: 'resource', resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } }
                },
                { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } }
            ]
        })
    );
    server.registerPrompt('test_prompt_with_image', { description: 'A prompt with an image' }, async () => ({
        messages: [
            { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
            { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } }
        ]
    }));
    server.registerPrompt('test_input_required_result_prompt', { description: 'A prompt that asks for context first' }, async ctx => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_context');
        if (answer.kind !== 'elicit') {
            return inputRequired({
                inputRequests: {
                    user_context: {
                        method: 'elicitation/create',
                        params: {
                            mode: 'form',
                            message: 'What context should the prompt use?',
                            requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] }
                        }
                    }
                }
            });
        }
        return { messages: [{ role: 'user', content: { type: 'text', text: `Context: ${answer.content?.context}` } }] };
    });
}

function registerResources(server) {
    server.registerResource(
        'static-text',
        'test://static-text',
        { description: 'A static text resource', mimeType: 'text/plain' },
        async uri => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] })
    );
    server.registerResource(
        'static-binary',
        'test://static-binary',
        { description: 'A static binary resource', mimeType: 'image/png' },
        async uri => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }] })
    );
    server.registerResource(
        'watched-resource',
        'test://watched-resource',
        { description: 'A resource clients may subscribe to', mimeType: 'text/plain' },
        async uri => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'watched' }] })
    );
    server.registerResource(
        'template-data',
        new ResourceTemplate('test://template/{id}/data', { list: undefined }),
        { description: 'A templated resource', mimeType: 'application/json' },
        async (uri, { id }) => ({
            contents: [
                {
                    uri: uri.href,
                    mimeType: 'application/json',
                    text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` })
                }
            ]
        })
    );
}

// era: 'modern' (2026-07-28, stateless) or 'legacy' (a 2025-era session).
function buildServer(era) {
    const capabilities = {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: era === 'legacy' ? { subscribe: true, listChanged: true } : { listChanged: true },
        completions: {},
        logging: {}
    };
    const server = new McpServer(
        { name: 'elicitguard-conformance-server', version: '1.0.0' },
        { capabilities, requestState: { verify: codec.verify }, inputRequired: { legacyShim: true } }
    );
    registerContentTools(server);
    registerUtilityTools(server);
    registerInputTools(server);
    registerMrtrTools(server);
    registerPrompts(server);
    registerResources(server);
    if (era === 'legacy') {
        const subscribed = new Set();
        server.server.setRequestHandler('resources/subscribe', async req => {
            subscribed.add(req.params.uri);
            return {};
        });
        server.server.setRequestHandler('resources/unsubscribe', async req => {
            subscribed.delete(req.params.uri);
            return {};
        });
        // SEP-1699: closes the call's SSE stream mid-call; the client resumes with Last-Event-ID and gets
        // the result from the event store.
        server.registerTool('test_reconnection', { description: 'Closes its SSE stream mid-call' }, async ctx => {
            await sleep(50);
            ctx.http?.closeSSE?.();
            await sleep(200);
            return text('Reconnection test completed');
        });
    }
    return server;
}

// --- HTTP ---------------------------------------------------------------------------------------------

const modern = createMcpHandler(() => buildServer('modern'), { legacy: 'reject', bus });

// Resumability for legacy SSE streams (SEP-1699): events kept per stream, bounded.
class MemoryEventStore {
    constructor(limit = 10000) {
        this.events = new Map();
        this.limit = limit;
    }
    async storeEvent(streamId, message) {
        const eventId = `${streamId}_${Date.now()}_${randomUUID().slice(0, 8)}`;
        this.events.set(eventId, { streamId, message });
        if (this.events.size > this.limit) this.events.delete(this.events.keys().next().value);
        return eventId;
    }
    async getStreamIdForEventId(eventId) {
        return this.events.get(eventId)?.streamId;
    }
    async replayEventsAfter(lastEventId, { send }) {
        const start = this.events.get(lastEventId);
        if (!start) return '';
        let after = false;
        for (const [id, { streamId, message }] of this.events) {
            if (id === lastEventId) {
                after = true;
                continue;
            }
            if (after && streamId === start.streamId) await send(id, message);
        }
        return start.streamId;
    }
}

const MAX_LEGACY_SESSIONS = 512;
const sessions = new Map();

async function legacy(request) {
    const sid = request.headers.get('mcp-session-id');
    if (sid) {
        const transport = sessions.get(sid);
        if (!transport) {
            return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }, { status: 404 });
        }
        return transport.handleRequest(request);
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: new MemoryEventStore(),
        retryInterval: 500,
        onsessioninitialized: id => {
            if (sessions.size >= MAX_LEGACY_SESSIONS) {
                const [oldest, old] = sessions.entries().next().value;
                sessions.delete(oldest);
                void old.close();
            }
            sessions.set(id, transport);
        },
        onsessionclosed: id => sessions.delete(id)
    });
    await buildServer('legacy').connect(transport);
    return transport.handleRequest(request);
}

async function route(request) {
    const url = new URL(request.url);
    if (url.pathname !== '/mcp') return new Response('not found', { status: 404 });
    const rebinding =
        hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
        (request.headers.has('origin') ? originValidationResponse(request, localhostAllowedOrigins()) : undefined);
    if (rebinding) return rebinding;
    if (await isLegacyRequest(request)) return legacy(request);
    return modern.fetch(request);
}

serveFetch(route, { port: Number(process.argv[2]), label: 'conformance server', origin: () => 'http://127.0.0.1' });
