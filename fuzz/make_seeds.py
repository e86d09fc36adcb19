#!/usr/bin/env python3
"""Writes the seed corpora under fuzz/corpus/<target>/ from the project's own tests and corpora.

Run from anywhere: `python3 fuzz/make_seeds.py`. Deterministic: the same sources give the same files (named by
the SHA-1 of their bytes, as libFuzzer names corpus files). Existing files are kept; run it after adding
test cases, then commit what it wrote. `fuzz/run.sh` copies these into scratch directories, so fuzzing never
grows them.
"""

import base64
import glob
import hashlib
import hmac
import json
import os
import re
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def write(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def jsonl(path):
    return [json.loads(l) for l in read(path).splitlines() if l.strip()]


def json_macros(path):
    """The single-line `json!(...)` literals of a Rust source that are plain JSON."""
    out = []
    for m in re.finditer(r"json!\((.*)\)[;,]?\s*$", read(path), re.M):
        text = m.group(1)
        text = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda g: "\\u%04x" % int(g.group(1), 16), text)
        # Trim trailing `)` of an enclosing call, one at a time, until it is JSON.
        for _ in range(4):
            try:
                out.append(json.loads(text))
                break
            except ValueError:
                if not text.endswith(")"):
                    break
                text = text[:-1]
    return out


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


# --- url_judge: every URL of the labelled corpus and of the URL unit tests.
urls = [c["url"] for c in jsonl("tests/corpus/urls.jsonl")]
urls += re.findall(r'"((?:https?|javascript|data|file|ftp|HTTPS?)://?[^"\\ ]*)"', read("src/policy/url/tests.rs"))
for u in sorted(set(urls)):
    write("url_judge", u)

# --- schema_judge: every form of the labelled corpus (message + requestedSchema), and bare schemas.
forms = jsonl("tests/corpus/forms.jsonl")
for f in forms:
    write("schema_judge", json.dumps({"message": f["message"], "requestedSchema": f["requestedSchema"]},
                                     ensure_ascii=False))
for schema in json_macros("src/policy/schema.rs"):
    if isinstance(schema, dict):
        write("schema_judge", json.dumps(schema, ensure_ascii=False))

# --- envelope_open: a control byte, then a payload. The codec's sample envelope as plaintext (see
# src/state/codec.rs), claims cut at 0xFF, and token-shaped strings.


def put_str(s):
    b = s.encode("utf-8")
    return struct.pack(">I", len(b)) + b


def encode(id_, principal, route, method, digest, round_, issued, upstream, asked):
    out = bytes([1])
    for s in (id_, principal, route, method, digest):
        out += put_str(s)
    out += struct.pack(">IQ", round_, issued)
    out += b"\x00" if upstream is None else b"\x01" + put_str(upstream)
    out += struct.pack(">I", len(asked))
    for key, kind, schema in asked:
        out += put_str(key) + bytes([kind])
        if kind == 0:
            out += put_str(schema)
    return out


sample = encode("0123456789abcdef0123456789abcdef", "https://idp|alice", "r1", "tools/call", "ab" * 32, 3, 10,
                "s\u00e9\u0000t", [("f", 0, '{"type":"object"}'), ("u", 1, None), ("s", 2, None), ("o", 3, None)])
write("envelope_open", b"\x00" + sample)
write("envelope_open", b"\x05" + encode("id", "anonymous", "r1", "tools/call", "00" * 32, 1, 1000, None, []))
write("envelope_open", b"\x09" + b"\xff".join(x.encode() for x in [
    "0123456789abcdef0123456789abcdef", "v1.upstream-state", "https://idp.example|alice", "tools/call", "00" * 32,
    "conf", '{"type":"object","properties":{"ok":{"type":"boolean"}}}', "login", "u"]))
write("envelope_open", b"\x11" + b"\xff".join(x.encode() for x in ["", "", "anonymous", "tools/call", ""]))
for token in ["eg1.a." + b64u(bytes(44)), "eg1.a.", "eg1..", "eg1.a.AAAA", "eg2.a." + b64u(bytes(60)), "."]:
    write("envelope_open", b"\x01" + token.encode())

# --- config_parse: the shipped examples and policies, and the YAML configs of the integration tests.
for path in sorted(glob.glob(os.path.join(ROOT, "deploy/examples/*.yaml")) + glob.glob(os.path.join(ROOT, "policies/*.yaml"))
                   + glob.glob(os.path.join(ROOT, "policies/secrets/*.yaml"))):
    with open(path, "rb") as f:
        write("config_parse", f.read())
for path in sorted(glob.glob(os.path.join(ROOT, "tests/*.rs")) + glob.glob(os.path.join(ROOT, "tests/common/*.rs"))):
    with open(path, encoding="utf-8") as f:
        src = f.read()
    for m in re.finditer(r'r#"((?:[^"]|"(?!#))*?routes:(?:[^"]|"(?!#))*)"#', src):
        write("config_parse", m.group(1).replace("{{", "{").replace("}}", "}"))

# --- jwt_jwks: a JWKS, a NUL, a token. The unit tests' keys (src/identity/jwt_tests.rs) and tokens like theirs.
SECRET = b"0123456789abcdef0123456789abcdef"
ISS, AUD = "https://idp.example", "https://gw.example/mcp"


def hs_token(claims, kid="h1", alg="HS256", secret=SECRET):
    header = {"alg": alg, "typ": "JWT"}
    if kid is not None:
        header["kid"] = kid
    signing = b64u(json.dumps(header, separators=(",", ":")).encode()) + "." + b64u(
        json.dumps(claims, separators=(",", ":")).encode())
    digest = {"HS256": hashlib.sha256, "HS384": hashlib.sha384, "HS512": hashlib.sha512}[alg]
    return signing + "." + b64u(hmac.new(secret, signing.encode(), digest).digest())


hs_jwks = json.dumps({"keys": [{"kty": "oct", "kid": "h1", "alg": "HS256", "k": b64u(SECRET)}]})
ec_jwks = json.dumps({"keys": [{"kty": "EC", "crv": "P-256", "kid": "e1", "alg": "ES256", "use": "sig",
                                "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
                                "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},
                               {"kty": "oct", "k": b64u(b"another secret"), "use": "enc"},
                               {"kty": "oct", "kid": "h2", "k": b64u(b"k2")}]})
rsa_jwks = json.dumps({"keys": [{"kty": "RSA", "kid": "r1", "alg": "RS256", "n": b64u(bytes([0xC1]) + bytes(255)),
                                 "e": "AQAB"}, {"kty": "OKP", "crv": "Ed25519", "kid": "d1", "x": b64u(bytes(32))}]})
good = {"iss": ISS, "sub": "alice", "aud": AUD, "exp": 4102444800, "iat": 1700000000}
tokens = [
    hs_token(good),
    hs_token(good, kid=None),
    hs_token(dict(good, aud="https://other.example")),
    hs_token(dict(good, exp=1000)),
    hs_token({k: v for k, v in good.items() if k != "sub"}),
    hs_token(good, alg="HS384"),
    b64u(b'{"alg":"none","typ":"JWT"}') + "." + b64u(json.dumps(good).encode()) + ".",
    b64u(b'{"alg":"ES256","kid":"e1"}') + "." + b64u(json.dumps(good).encode()) + "." + b64u(bytes(64)),
    "a.b.c",
    "",
]
for jwks in (hs_jwks, ec_jwks, rsa_jwks, '{"keys":[]}', "{}"):
    for t in tokens:
        write("jwt_jwks", jwks.encode() + b"\x00" + t.encode())

# --- sse_carriers: a control byte, then a stream whose events carry the carriers of the unit tests and the
# corpus's forms, framed several ways.
messages = json_macros("src/wire/carrier.rs")
for f in forms[:40]:
    messages.append({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "requestState": "s",
                                                           "inputRequests": {"f": {"method": "elicitation/create",
                                                                                   "params": {"mode": "form", "message": f["message"],
                                                                                              "requestedSchema": f["requestedSchema"]}}}}})
for i, m in enumerate(messages):
    text = json.dumps(m, ensure_ascii=(i % 2 == 0))
    pretty = json.dumps(m, indent=1)
    eol = ["\n", "\r\n", "\r"][i % 3]
    stream = ": ping" + eol + eol
    stream += "event: message" + eol + "id: " + str(i) + eol + "data: " + text + eol + eol
    stream += "".join("data:" + line + eol for line in pretty.split("\n")) + eol
    write("sse_carriers", bytes([i % 256]) + stream.encode())
write("sse_carriers", b"\x03\xef\xbb\xbfdata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\ndata: {")

# --- response_kind: a control byte (bit 0: GET; (byte >> 1) % 3: Content-Type fields), the fields one a line,
# then the body. The labels of issue 36 and tests/client_readers.rs, over JSON, SSE, blank and HTML bodies.
types = ["application/json", "Application/JSON; charset=utf-8", "text/event-stream", "application/jsonx",
         "text/plain; x=application/json", 'multipart/related; type="application/json"',
         "text/plain; x=text/event-stream", "text/event-stream; x=application/json", "text/json", "text/plain",
         "application/octet-stream", "application/x-ndjson", "application/vnd.api+json", "text/html; charset=utf-8",
         "TEXT/EVENT-STREAM", "application/json; x=text/event-stream", ""]
form = json.dumps(messages[0]).encode() if messages else b"{}"
bodies = [form, b"\xef\xbb\xbf \r\n" + form, b"data: " + form + b"\n\n", b": ping\r\n\r\ndata: " + form + b"\r\n\r\n",
          b"", b" \n\t", b"\xef\xbb\xbf", b"\xef\xbb", b"<html><body>hi</body></html>", b"[" + form + b"]", b"42"]
for i, t in enumerate(types):
    for j, body in enumerate(bodies):
        if (i + j) % 3 == 0 or j < 3:
            write("response_kind", bytes([2 | (j & 1)]) + t.encode() + b"\n" + body)
write("response_kind", bytes([4]) + b"application/json\ntext/event-stream\n" + form)
write("response_kind", bytes([0]) + form)
