#!/usr/bin/env python3
"""Train the learned second signal (`form.secret.model`, src/policy/secret/model.rs) and evaluate it honestly.

The features come from the binary (`elicitguard model-features`), so the folding, n-grams and hashing exist
once, in Rust. A form is the set of its distinct feature buckets (presence: each counts once however often the
form repeats it), and its score is the bias plus the sum of their weights, as the Rust scorer reads it (no
division by their count: the plain sum did best under this data's cross-validation, see docs/model.md). This script only fits an L2-regularised logistic regression on them (numpy, full-batch gradient
descent with Nesterov momentum, a fixed number of steps, no randomness: the same data gives the same bytes),
chooses the threshold on the training data alone, and writes the weights (i8 with a scale) and a manifest.

Threshold: out-of-fold scores on the training data (FOLDS folds, cases assigned by a hash of their text); the
lowest threshold at which the model, speaking only where the rules found nothing, adds at most MAX_ADDED_FP
false positives per benign training form.

Usage (build the binary first, `cargo build`; the binary only supplies features and the rules' verdicts, so the
weights it embeds do not matter):
    python3 tools/model/train.py --bin $CARGO_TARGET_DIR/debug/elicitguard train      # write the shipped model
    python3 tools/model/train.py --bin $CARGO_TARGET_DIR/debug/elicitguard evaluate   # leave-one-batch-out table
    python3 tools/model/train.py hash                                                  # the training data's hash
    python3 tools/model/train.py --bin $CARGO_TARGET_DIR/debug/elicitguard check      # Rust scorer == this one

`train` is the one command that regenerates src/policy/secret/model/weights.bin and tools/model/manifest.json
from tests/corpus/{dev,fresh..fresh5} and tests/corpus/forms.jsonl (about a minute on two loaded cores: six fits,
five for the threshold's folds and the final one); then rebuild and commit both files.
"""

import argparse
import glob
import hashlib
import importlib.util
import json
import os
import pickle
import struct
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "tests", "corpus")
# The tuning data, in a fixed order; the held-out batch is never here.
# fresh9 … fresh12 joined in s16, after their leave-one-batch-out with them in the training data (held out
# fresh11: recall gained +0.017, false positives added +0.000; fresh12: +0.019, +0.002; docs/model.md, s16).
# fresh15 … fresh21 joined in s24, after their leave-one-batch-out (held out fresh21: recall gained +0.012, false
# positives added +0.000; fresh20: +0.012, +0.000; docs/model.md, s24).
# tests/secret_model.rs lists the same batches in the same order.
BATCHES = ["dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8",
           "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14",
           "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
           "tricky", "ordinary", "ordinary2", "forms.jsonl"]
# The batches evaluated leave-one-out (the ones written last, by authors who never saw the packs).
HELD_OUT = [b for b in os.environ.get("EG_HELD_OUT", "fresh20,fresh21").split(",") if b in BATCHES]
# Messages in a joined form (see joined()): one of these per case, chosen by a hash of its text.
JOINS = (2, 3, 5)
WEIGHTS = os.path.join(ROOT, "src", "policy", "secret", "model", "weights.bin")
MANIFEST = os.path.join(ROOT, "tools", "model", "manifest.json")

BITS = 18
LAMBDA = float(os.environ.get("EG_LAMBDA", "1e-4"))
# Each sentence of a benign form as a negative of its own (see prepare(); docs/model.md, s14). OFF: measured
# once on fresh11, it raised the threshold, caught fewer misses and scored the bench's benign booking higher.
# EG_SENTENCES=1 turns it on for experiments; the environment knobs are never set for `train`.
SENTENCES = os.environ.get("EG_SENTENCES", "0") == "1"
# Experiment knobs, off in the shipped recipe: the prior every weight is pulled to (shipped units, subtracted),
# and the least number of training forms a bucket must appear in to weigh anything.
PRIOR = float(os.environ.get("EG_PRIOR", "0"))
MIN_DF = int(os.environ.get("EG_MIN_DF", "0"))
L1 = float(os.environ.get('EG_L1', '0'))
STEPS = 300
RATE = 2.0
MOMENTUM = 0.9
FOLDS = 5
MAX_ADDED_FP = 0.003
# 4: the fields read first with their own budget, each segment's sum damped by sqrt(SEG_N0 / distinct) past SEG_N0
# (the header's byte 7 holds SEG_N0); 3: the strongest message segment (2: presence over the whole form; 1: every
# occurrence, over sqrt)
VERSION = 4
# A message segment of more than SEG_N0 distinct buckets has its sum multiplied by sqrt(SEG_N0 / distinct): a long
# ordinary sentence of many slightly positive words cannot sum its way over the threshold (docs/model.md, s15).
# 0 switches the damping off (version 3's plain sum). OFF: built in s15, its leave-one-batch-out did not finish on
# the loaded machine (docs/model.md, s15). EG_N0 sets it for experiments, never for `train`; written in the
# weights' header (byte 7), so the Rust scorer damps as the weights were fitted.
SEG_N0 = int(os.environ.get("EG_N0", "0"))


def damping(np, n):
    """The factor of a segment of `n` distinct buckets: min(1, sqrt(SEG_N0 / n)), 1 when off or empty."""
    n = np.asarray(n, dtype=np.float64)
    if SEG_N0 <= 0:
        return np.ones_like(n)
    return np.minimum(1.0, np.sqrt(SEG_N0 / np.maximum(n, 1.0)))


# Each distinct feature's value while fitting; the written weights are multiplied by it (see Data).
FIT_SCALE = 1.0 / 16


def batch_files(name):
    if name.endswith(".jsonl"):
        return [os.path.join(CORPUS, name)]
    return sorted(glob.glob(os.path.join(CORPUS, name, "forms", "*.jsonl")))


def data_hash():
    """SHA-256 over every training file in order: its path under tests/corpus, a NUL, its bytes, a NUL.
    tests/secret_model.rs computes the same and compares it with the embedded header."""
    h = hashlib.sha256()
    for b in BATCHES:
        for path in batch_files(b):
            h.update(os.path.relpath(path, CORPUS).replace(os.sep, "/").encode())
            h.update(b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
            h.update(b"\0")
    return h.digest()


def load():
    cases = []
    for b in BATCHES:
        for path in batch_files(b):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        c = json.loads(line)
                        c["_batch"] = b
                        cases.append(c)
    return cases


def joined(cases):
    """One synthetic form per case: its message with others of the same language joined around it, over its own
    schema and with its own label (a secret asked amid ordinary sentences is still asked; ordinary sentences
    joined are still ordinary). Why: the score is a plain sum over the form's distinct features, and the corpora's
    secret forms have longer messages than their benign ones, so a model fitted on them alone learned length:
    two ordinary messages joined scored over the threshold one time in nine. Joined forms teach it that more
    ordinary text is not more secret. The partners are benign forms of the same language (never secret ones,
    which would make a benign form's label a lie), picked by a hash of the case's text: no randomness, the same
    data gives the same forms. A joined form takes its case's fold (its partners may sit in other folds: the
    threshold's cross-validation is that much optimistic) and names its partners' batches, so that leave-one-
    batch-out evaluation never trains on the held-out batch's text."""
    pools = {}
    for c in cases:
        if c["label"] == "benign":
            pools.setdefault(c.get("lang", ""), []).append(c)
    out = []
    for c in cases:
        pool = [o for o in pools.get(c.get("lang", ""), []) if o is not c]
        if not pool:
            continue
        h = int.from_bytes(hashlib.sha256(c["message"].encode()).digest()[:8], "little")
        k = JOINS[h % len(JOINS)]
        partners = [pool[(h >> (8 + 7 * j)) % len(pool)] for j in range(k - 1)]
        parts = [p["message"] for p in partners]
        parts.insert((h >> 4) % k, c["message"])
        out.append({"message": " ".join(parts), "requestedSchema": c["requestedSchema"], "label": c["label"],
                    "lang": c.get("lang", ""), "_batch": c["_batch"], "_fold": fold_of(c), "_joined": True,
                    "_partners": {p["_batch"] for p in partners}})
    return out


def run_lines(argv, lines):
    p = subprocess.run(argv, input=("\n".join(lines) + "\n").encode(), capture_output=True, check=False)
    out = p.stdout.decode().splitlines()
    if len(out) != len(lines):
        sys.exit(f"{argv[0]}: {len(out)} answers for {len(lines)} lines: {p.stderr.decode()[:300]}")
    return [json.loads(o) for o in out]


def features(binary, cases):
    lines = [json.dumps({"message": c["message"], "requestedSchema": c["requestedSchema"]}, ensure_ascii=False)
             for c in cases]
    return [(o["features"], o["segments"]) for o in run_lines([binary, "model-features", "-"], lines)]


def rules_flag(binary, cases):
    """Whether the rules (every `form.secret` rule but the model's own) block each case, as measure.py counts."""
    spec = importlib.util.spec_from_file_location("measure", os.path.join(ROOT, "tools", "corpus", "measure.py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    out = run_lines([binary, "inspect", "--lines", "-"],
                    [json.dumps(m.wrap_form(c), ensure_ascii=False) for c in cases])
    flags = []
    for o in out:
        rules = [f.get("rule", "") for f in o.get("findings", [])]
        flags.append(o.get("verdict") == "block"
                     and any(r.startswith("form.secret") and r != "form.secret.model" for r in rules))
    return flags


class Data:
    """Each form as two parts, as the Rust scorer reads it: the distinct feature indices of its fields and shape
    (`base`), and those of each message segment. Score = bias + sum over base + the largest segment sum (0 for a
    form with no message: it gets one empty segment). `model-features` already prints each bucket once per part;
    np.unique keeps that true whatever it is given. Each feature weighs FIT_SCALE while fitting (a step size the
    fixed rate suits); model() folds it into the weights written, so the shipped score is a plain sum."""

    def __init__(self, np, rows):
        self.n = len(rows)
        base = [np.unique(np.asarray(r[0], dtype=np.int64)) for r in rows]
        lens = np.array([len(r) for r in base], dtype=np.int64)
        self.idx = np.concatenate(base) if base else np.zeros(0, np.int64)
        self.row = np.repeat(np.arange(self.n), lens)
        self.val = np.full(len(self.idx), FIT_SCALE)
        segs, form_of = [], []
        for f, r in enumerate(rows):
            for sg in (r[1] or [[]]):
                segs.append(np.unique(np.asarray(sg, dtype=np.int64)))
                form_of.append(f)
        self.nseg = len(segs)
        slens = np.array([len(x) for x in segs], dtype=np.int64)
        self.sidx = np.concatenate(segs) if segs else np.zeros(0, np.int64)
        self.srow = np.repeat(np.arange(self.nseg), slens)
        # Each segment's sum is damped by min(1, sqrt(SEG_N0 / its distinct buckets)), as the Rust scorer does
        # (`segment_damping` in model.rs): one factor per segment, carried by each of its features' values, so
        # the fit's subgradient is that of the score it is given.
        self.sfac = np.repeat(damping(np, slens), slens)
        self.sval = FIT_SCALE * self.sfac
        self.sform = np.asarray(form_of, dtype=np.int64)
        # Segments are contiguous per form, every form has one: the first of each form, for reduceat.
        self.sstart = np.searchsorted(self.sform, np.arange(self.n))

    def parts(self, np, w, b, val=True):
        """Each form's score and the index of its strongest segment."""
        bv = w[self.idx] * self.val if val else w[self.idx]
        sv = w[self.sidx] * self.sval if val else w[self.sidx] * self.sfac
        base = np.bincount(self.row, weights=bv, minlength=self.n)
        seg = np.bincount(self.srow, weights=sv, minlength=self.nseg)
        if self.n == 0:
            return base + b, np.zeros(0, np.int64)
        best = np.maximum.reduceat(seg, self.sstart)
        cand = np.nonzero(seg >= best[self.sform])[0]
        _, first = np.unique(self.sform[cand], return_index=True)
        return base + best + b, cand[first]

    def scores(self, np, w, b):
        return self.parts(np, w, b)[0]


def fit(np, data, y):
    """L2-regularised logistic regression, classes weighted equally, deterministic."""
    B = 1 << BITS
    pos = y.sum()
    neg = len(y) - pos
    cw = np.where(y == 1, 0.5 / max(pos, 1), 0.5 / max(neg, 1))
    # Every weight starts at, and is pulled towards, the prior: a bucket the data says nothing about weighs it.
    prior = -PRIOR / FIT_SCALE
    w = np.full(B, prior)
    b = 0.0
    keep = None
    if MIN_DF > 1:
        # Buckets seen in fewer than MIN_DF training forms (fields or message) are held at the prior.
        df = np.bincount(data.idx, minlength=B) + np.bincount(np.unique(data.sform[data.srow] * B + data.sidx) % B,
                                                               minlength=B)
        keep = df >= MIN_DF
    vw = np.zeros(B)
    vb = 0.0
    for _ in range(STEPS):
        # Nesterov: the gradient at the look-ahead point.
        lw = w + MOMENTUM * vw
        lb = b + MOMENTUM * vb
        s, arg = data.parts(np, lw, lb)
        p = 1.0 / (1.0 + np.exp(-s))
        g = (p - y) * cw
        # The max's subgradient: each form's strongest segment carries its gradient, the others none.
        sg = np.zeros(data.nseg)
        sg[arg] = g
        gw = (np.bincount(data.idx, weights=g[data.row] * data.val, minlength=B)
              + np.bincount(data.sidx, weights=sg[data.srow] * data.sval, minlength=B) + LAMBDA * (lw - prior))
        if keep is not None:
            gw = np.where(keep, gw, 0.0)
        gb = g.sum()
        vw = MOMENTUM * vw - RATE * gw
        vb = MOMENTUM * vb - RATE * gb
        w = w + vw
        b = b + vb
        if L1 > 0:
            # Proximal step for the L1 penalty: weights the data does not pull past L1 * RATE are exactly zero.
            shrunk = np.sign(w) * np.maximum(np.abs(w) - RATE * L1, 0.0)
            vw = vw + (shrunk - w)
            w = shrunk
    return w, b


def quantise(np, w):
    scale = float(np.abs(w).max()) / 127.0 or 1.0
    scale = float(np.float32(scale))
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return q, scale


def model(np, data, y):
    w, b = fit(np, data, y)
    q, scale = quantise(np, w * FIT_SCALE)
    return q, scale, float(np.float32(b))


def score(np, data, q, scale, b):
    """As the Rust scorer: the bias, the sum of the quantised weights of the form's distinct features outside
    its message, and the largest such sum over its message's segments."""
    w = q.astype(np.float64) * scale
    return data.parts(np, w, b, val=False)[0]


def fold_of(case):
    if "_fold" in case:
        return case["_fold"]
    key = (case["message"] + json.dumps(case["requestedSchema"], sort_keys=True, ensure_ascii=False)).encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:4], "little") % FOLDS


def choose_threshold(np, rows, y, rules, folds, counted=None):
    """Out-of-fold scores; the lowest threshold adding at most MAX_ADDED_FP false positives per benign form
    (`counted`: the forms that count, not the sentence negatives, which are parts of forms already counted)."""
    oof = np.zeros(len(rows))
    for k in range(FOLDS):
        tr = [i for i in range(len(rows)) if folds[i] != k]
        te = [i for i in range(len(rows)) if folds[i] == k]
        q, scale, b = model(np, Data(np, [rows[i] for i in tr]), y[tr])
        oof[te] = score(np, Data(np, [rows[i] for i in te]), q, scale, b)
    benign = (y == 0) if counted is None else ((y == 0) & counted)
    added = np.sort(oof[benign & ~rules])[::-1]
    allowed = int(MAX_ADDED_FP * benign.sum())
    t = float(np.nextafter(np.float32(added[allowed]), np.float32(np.inf))) if allowed < len(added) else float(
        added[-1])
    return t, oof


def rates(np, flag, y):
    pos = y == 1
    return flag[pos].mean(), flag[~pos].mean()


def prepare(args):
    import numpy as np
    cases = load()
    cases += joined(cases)
    cached = None
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, "rb") as f:
            cached = pickle.load(f)
        if cached.get("key") != cache_key(cases):
            cached = None
    if cached:
        rows, rules = cached["rows"], np.asarray(cached["rules"])
    else:
        rows = features(args.bin, cases)
        rules = np.array(rules_flag(args.bin, cases))
        if args.cache:
            with open(args.cache, "wb") as f:
                pickle.dump({"key": cache_key(cases), "rows": rows, "rules": rules.tolist()}, f)
    if SENTENCES:
        rows, rules = list(rows), list(rules)
        for i in range(len(cases)):
            c = cases[i]
            if c["label"] != "benign" or c.get("_joined") or len(rows[i][1]) < 2:
                continue
            # Each sentence of a benign form, over the form's own fields, is a negative of its own: the strongest
            # sentence alone carries a form's gradient, so without these an ordinary sentence that is never a
            # benign form's strongest is never pushed down, and its words keep what secret forms gave them.
            for sg in rows[i][1]:
                rows.append((rows[i][0], [sg]))
                rules.append(rules[i])
                cases.append({"label": "benign", "lang": c.get("lang", ""), "_batch": c["_batch"],
                              "_fold": fold_of(c), "_sentence": True, "message": "", "requestedSchema": None})
        rules = np.array(rules)
    y = np.array([1 if c["label"] == "secret" else 0 for c in cases], dtype=np.float64)
    folds = [fold_of(c) for c in cases]
    batch = [c["_batch"] for c in cases]
    return np, cases, rows, rules, y, folds, batch


def cache_key(cases):
    """What the cached features and verdicts were computed from: every case's text, in order. The binary is
    not in it: `--cache` is for trying recipes over one build (features and the rules' verdicts fixed); never
    use it across a change to the rules, the packs or the folding."""
    h = hashlib.sha256()
    for c in cases:
        h.update(json.dumps([c["message"], c["requestedSchema"]], sort_keys=True, ensure_ascii=False).encode())
    return h.hexdigest()


def evaluate(args):
    np, cases, rows, rules, y, folds, batch = prepare(args)
    out = ["| held-out batch | forms (secret/benign) | threshold | model alone: recall / FP | rules: recall / FP "
           "| rules OR model: recall / FP | recall gained | FP added |",
           "|---|---|---|---|---|---|---|---|"]
    for held in HELD_OUT:
        # Trained on nothing of the held-out batch: neither its forms nor joined forms borrowing its text.
        tr = [i for i in range(len(cases)) if batch[i] != held and held not in cases[i].get("_partners", ())]
        # Measured on the held-out batch's own forms, not on the joined ones made from them.
        te = [i for i in range(len(cases)) if batch[i] == held and not cases[i].get("_joined")
              and not cases[i].get("_sentence")]
        counted = np.array([not cases[i].get("_sentence") for i in tr])
        t, _ = choose_threshold(np, [rows[i] for i in tr], y[tr], rules[tr], [folds[i] for i in tr], counted)
        q, scale, b = model(np, Data(np, [rows[i] for i in tr]), y[tr])
        s = score(np, Data(np, [rows[i] for i in te]), q, scale, b)
        m = s >= t
        r = rules[te]
        yy = y[te]
        mr, mf = rates(np, m, yy)
        rr, rf = rates(np, r, yy)
        orr, orf = rates(np, m | r, yy)
        line = (f"| {held} | {int(yy.sum())}/{int((1 - yy).sum())} | {t:.3f} | {mr:.3f} / {mf:.3f} | "
                f"{rr:.3f} / {rf:.3f} | {orr:.3f} / {orf:.3f} | {orr - rr:+.3f} | {orf - rf:+.3f} |")
        out.append(line)
        print(line, flush=True)
        if args.verbose:
            for i, j in enumerate(te):
                if m[i] and not r[i]:
                    c = cases[j]
                    print(f"   model {'CATCH' if yy[i] else 'FP'} {c.get('lang')} {s[i]:.2f} {c.get('note', '')}")
    print("\n".join(out))


def train(args):
    np, cases, rows, rules, y, folds, batch = prepare(args)
    counted = np.array([not c.get("_sentence") for c in cases])
    t, oof = choose_threshold(np, rows, y, rules, folds, counted)
    q, scale, b = model(np, Data(np, rows), y)
    digest = data_hash()
    header = b"EGM1" + struct.pack("<HBBfff", VERSION, BITS, SEG_N0, scale, b, t) + digest
    with open(WEIGHTS, "wb") as f:
        f.write(header + q.tobytes())
    benign = (y == 0) & counted
    cv_added = float(((oof >= t) & benign & ~rules).sum() / benign.sum())
    cv_gain = float(((oof >= t) & (y == 1) & ~rules).sum() / (y == 1).sum())
    manifest = {
        "trained_on": {b: [os.path.relpath(p, CORPUS) for p in batch_files(b)] for b in BATCHES},
        "cases": {b: int(sum(1 for i, x in enumerate(batch) if x == b and not cases[i].get("_joined")
                        and not cases[i].get("_sentence")))
                  for b in BATCHES},
        "joined_cases": int(sum(1 for c in cases if c.get("_joined"))),
        "data_sha256": digest.hex(),
        "bits": BITS, "lambda": LAMBDA, "steps": STEPS, "rate": RATE, "momentum": MOMENTUM, "folds": FOLDS,
        "max_added_fp": MAX_ADDED_FP, "fit_scale": FIT_SCALE, "sentence_negatives": SENTENCES, "segment_n0": SEG_N0, "version": VERSION, "threshold": t, "scale": scale, "bias": b,
        "cv_added_fp": cv_added, "cv_recall_gained": cv_gain,
        "numpy": np.__version__,
    }
    with open(MANIFEST, "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    print(json.dumps(manifest | {"trained_on": "..."}, indent=2))


def check(args):
    """The Rust scorer and this one agree: every training form (not the joined ones) scored by `model-features`
    with the weights the binary embeds, and by score() here from weights.bin's header and weights. Run after
    `train` and a rebuild; any difference over 1e-4 (f32 against f64) is an error."""
    import numpy as np
    global SEG_N0
    with open(WEIGHTS, "rb") as f:
        raw = f.read()
    version, bits, n0, scale, b, t = struct.unpack("<HBBfff", raw[4:20])
    if version != VERSION or bits != BITS:
        sys.exit(f"weights.bin is version {version}, {bits} bits; this trainer writes {VERSION}, {BITS}")
    SEG_N0 = n0
    q = np.frombuffer(raw[52:], dtype=np.int8)
    cases = load()
    lines = [json.dumps({"message": c["message"], "requestedSchema": c["requestedSchema"]}, ensure_ascii=False)
             for c in cases]
    out = run_lines([args.bin, "model-features", "-"], lines)
    rows = [(o["features"], o["segments"]) for o in out]
    here = score(np, Data(np, rows), q, scale, b)
    rust = np.array([o["score"] for o in out])
    worst = float(np.abs(here - rust).max())
    print(f"{len(rows)} forms, N0 {n0}, largest difference {worst:.2e}")
    if worst > 1e-4:
        sys.exit("the Rust and Python scorers disagree")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "elicitguard"))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--cache", help="keep the features and the rules' verdicts in this file and reuse them "
                    "(for trying recipes over one build; see cache_key)")
    ap.add_argument("command", choices=["evaluate", "train", "hash", "check"])
    args = ap.parse_args()
    if args.command == "hash":
        print(data_hash().hex())
    elif args.command == "evaluate":
        evaluate(args)
    elif args.command == "check":
        check(args)
    else:
        train(args)


if __name__ == "__main__":
    main()
