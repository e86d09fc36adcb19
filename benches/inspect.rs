//! Criterion benchmarks of the per-message work on the gateway's hot paths (issue 8's budgets):
//! the pass-through decision for a 2 KB `tools/call` result, the full judgement of a 2 KB and a 64 KB
//! `InputRequiredResult`, SSE decoding per event, and envelope seal + open; and the secret classifier's
//! term-free test alone over the 64 KB fixture's form messages. The two judgements run twice: as
//! the fixtures are, whose messages name no secret (the classifier's term-free test lets them skip folding),
//! and with every message naming a term that blocks nothing (`booking code`), which takes the full path.
//! The 2 KB one runs a third time with the policy's memory of clean hosts switched off (`clean_host_cache:
//! 0`): every iteration judges the same two hosts, which the gateway's default policy checks once and then
//! remembers, so that variant is the figure for links to hosts the gateway has not met yet.
//!
//! Fixtures are the files under `benches/fixtures/` (written by `gen.py` there), the same bytes the
//! benchmark upstream (`src/bin/bench-upstream.rs`) serves. Short settings so `cargo bench --bench inspect`
//! stays around a minute: warm-up 0.5 s, measurement 2 s, 30 samples.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use elicitguard::config::default_engine;
use elicitguard::policy::clean_schemas::CleanSchemas;
use elicitguard::policy::secret::prefilter::Proof;
use elicitguard::policy::url::{UrlConfig, UrlPolicy, EMBEDDED_DEFAULT_YAML};
use elicitguard::policy::{Engine, RoutePolicy};
use elicitguard::proxy::enforce::{decide, Context, Outcome};
use elicitguard::state::{Asked, Envelope, Keyring};
use elicitguard::wire::prefilter::may_carry_elicitation;
use elicitguard::wire::sse::Decoder;
use elicitguard::wire::tree::Arena;
use elicitguard::wire::ClientModes;

#[path = "../src/allocator.rs"]
mod allocator;

/// The allocator the gateway binary ships with (src/main.rs), so these figures are the shipped code's: under
/// glibc's malloc the allocation-heavy steps (the strict parse, folding) cost more than they do in the gateway.
#[global_allocator]
static ALLOC: allocator::MiMalloc = allocator::MiMalloc;

const TOOLS_CALL_2K: &[u8] = include_bytes!("fixtures/tools_call_2k.json");
const INPUT_REQUIRED_2K: &[u8] = include_bytes!("fixtures/input_required_2k.json");
const INPUT_REQUIRED_64K: &[u8] = include_bytes!("fixtures/input_required_64k.json");
const STREAM_3EV: &[u8] = include_bytes!("fixtures/stream_3ev.sse");

/// The gateway's default largest SSE event; only a bound here, never reached by the fixture.
const MAX_EVENT_BYTES: usize = 1024 * 1024;

/// One message decided as the gateway decides it: its tree in an arena of its own, dropped with the decision.
fn judged(body: &[u8], ctx: &Context<'_>) -> bool {
    let arena = Arena::new();
    let d = decide(body, &arena, ctx, false);
    d.outcome == Outcome::Original
}

fn settings() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
}

/// `body` with every form message naming a term that blocks nothing ("booking code": `code` is a weak term
/// with no qualifier here), so that no message is term-free and each is folded and scanned.
fn naming_a_term(body: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(body)
        .replace("\"Book a table:", "\"Book a table with your booking code:")
        .into_bytes()
}

fn decisions(c: &mut Criterion) {
    let engine = default_engine().expect("embedded policy compiles");
    let route = RoutePolicy::default();
    let ctx = Context {
        engine: &engine,
        route: &route,
        modes: ClientModes::ALL,
        client_id: None,
        links: None,
    };
    // The same engine, but it never remembers a clean host: the cold figure for the URL's host checks.
    let mut url_cfg =
        UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).expect("embedded URL policy parses");
    url_cfg.clean_host_cache = 0;
    let forgetful = Engine {
        url: UrlPolicy::compile(&url_cfg).expect("embedded URL policy compiles"),
        ..default_engine().expect("embedded policy compiles")
    };
    let cold_ctx = Context {
        engine: &forgetful,
        ..ctx
    };
    // Remembering neither clean hosts nor clean schemas: every check runs on every call.
    let mut amnesic = Engine {
        url: UrlPolicy::compile(&url_cfg).expect("embedded URL policy compiles"),
        clean_schemas: CleanSchemas::new(0),
        ..default_engine().expect("embedded policy compiles")
    };
    amnesic.secret.set_model_memory(0);
    let amnesic_ctx = Context {
        engine: &amnesic,
        ..ctx
    };
    // The learned second signal (`form.secret.model`, off by default) set to monitor on the route: it scores
    // every form the rules pass, so this is its cost on top of the rules'.
    let model_route = RoutePolicy {
        rules: elicitguard::policy::rules::RuleTable::new(
            [(
                "form.secret.model".to_owned(),
                elicitguard::policy::rules::RuleSetting::Monitor,
            )]
            .into(),
        ),
        ..RoutePolicy::default()
    };
    let model_ctx = Context {
        route: &model_route,
        ..ctx
    };
    let model_amnesic_ctx = Context {
        route: &model_route,
        ..amnesic_ctx
    };
    // The fixtures must take the paths they are named after, or the figures mean nothing.
    assert!(!may_carry_elicitation(TOOLS_CALL_2K));
    let named_2k = naming_a_term(INPUT_REQUIRED_2K);
    let named_64k = naming_a_term(INPUT_REQUIRED_64K);
    for body in [INPUT_REQUIRED_2K, INPUT_REQUIRED_64K, &named_2k, &named_64k] {
        let arena = Arena::new();
        let d = decide(body, &arena, &ctx, false);
        assert_eq!(d.outcome, Outcome::Original, "fixture must be allowed");
        assert!(d.judgement.is_some(), "fixture must be judged");
    }
    // Judged once, the fixtures' schemas are remembered: the parse then skips them (`tree::parse_known`).
    for body in [INPUT_REQUIRED_2K, INPUT_REQUIRED_64K] {
        let arena = Arena::new();
        let d = decide(body, &arena, &ctx, false);
        let schema = d
            .parsed
            .as_ref()
            .and_then(|p| p.pointer("/result/inputRequests/book0/params/requestedSchema"));
        assert!(
            matches!(schema, Some(elicitguard::wire::tree::Node::Skipped(_))),
            "a remembered schema must be skipped by the parse"
        );
    }
    let packs = elicitguard::policy::secret::pack::compile(&[]).expect("built-in packs compile");
    let messages = |body: &[u8]| -> Vec<String> {
        let v: serde_json::Value = serde_json::from_slice(body).expect("fixture is JSON");
        v["result"]["inputRequests"]
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(_, r)| r["params"]["mode"] == "form")
            .filter_map(|(_, r)| r["params"]["message"].as_str().map(str::to_owned))
            .collect()
    };
    for (body, free) in [(INPUT_REQUIRED_64K, true), (&named_64k[..], false)] {
        let texts = messages(body);
        assert!(!texts.is_empty());
        assert!(
            texts.iter().all(|m| packs.term_free.prove(m)
                == if free {
                    Proof::TermAndPrefixFree
                } else {
                    Proof::Nothing
                }),
            "every message of the fixture must take the path it is named after (benign ones: proven free of \
             terms and of the formats' prefixes, so that the format set is not searched)"
        );
    }

    // The classifier's term-free test alone, over the 64 KB fixture's form messages (the walk of
    // `policy/secret/prefilter/table.rs`): bytes a second, which inverts to the time of a byte.
    let texts = messages(INPUT_REQUIRED_64K);
    let mut g = c.benchmark_group("term_free");
    g.throughput(Throughput::Bytes(
        texts.iter().map(|m| m.len() as u64).sum(),
    ));
    g.bench_function("64k_messages", |b| {
        b.iter(|| {
            texts
                .iter()
                .filter(|m| packs.term_free.holds(black_box(m)))
                .count()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("passthrough_2k");
    g.throughput(Throughput::Bytes(TOOLS_CALL_2K.len() as u64));
    g.bench_function("prefilter", |b| {
        b.iter(|| may_carry_elicitation(black_box(TOOLS_CALL_2K)))
    });
    g.bench_function("decide", |b| {
        b.iter(|| judged(black_box(TOOLS_CALL_2K), &ctx))
    });
    g.finish();

    // The strict parse alone: the tree the judgement reads, and serde_json's `Value` it replaced.
    let mut g = c.benchmark_group("parse");
    for (name, body) in [("2k", INPUT_REQUIRED_2K), ("64k", INPUT_REQUIRED_64K)] {
        g.throughput(Throughput::Bytes(body.len() as u64));
        g.bench_function(format!("tree_{name}"), |b| {
            b.iter(|| elicitguard::wire::tree::parse(black_box(body), &Arena::new()).is_ok())
        });
        g.bench_function(format!("value_{name}"), |b| {
            b.iter(|| elicitguard::wire::strict::parse_strict(black_box(body)).is_ok())
        });
    }
    g.finish();

    let mut g = c.benchmark_group("judge_input_required");
    g.throughput(Throughput::Bytes(INPUT_REQUIRED_2K.len() as u64));
    g.bench_function("2k_form_url", |b| {
        b.iter(|| judged(black_box(INPUT_REQUIRED_2K), &ctx))
    });
    g.bench_function("2k_form_url_hosts_not_remembered", |b| {
        b.iter(|| judged(black_box(INPUT_REQUIRED_2K), &cold_ctx))
    });
    g.bench_function("2k_form_url_nothing_remembered", |b| {
        b.iter(|| judged(black_box(INPUT_REQUIRED_2K), &amnesic_ctx))
    });
    g.bench_function("2k_form_url_model", |b| {
        b.iter(|| judged(black_box(INPUT_REQUIRED_2K), &model_ctx))
    });
    g.bench_function("2k_form_url_model_nothing_remembered", |b| {
        b.iter(|| judged(black_box(INPUT_REQUIRED_2K), &model_amnesic_ctx))
    });
    g.throughput(Throughput::Bytes(INPUT_REQUIRED_64K.len() as u64));
    g.bench_function("64k", |b| {
        b.iter(|| judged(black_box(INPUT_REQUIRED_64K), &ctx))
    });
    g.throughput(Throughput::Bytes(named_2k.len() as u64));
    g.bench_function("2k_form_url_message_names_a_term", |b| {
        b.iter(|| judged(black_box(&named_2k), &ctx))
    });
    g.throughput(Throughput::Bytes(named_64k.len() as u64));
    g.bench_function("64k_messages_name_a_term", |b| {
        b.iter(|| judged(black_box(&named_64k), &ctx))
    });
    g.throughput(Throughput::Bytes(INPUT_REQUIRED_64K.len() as u64));
    g.bench_function("64k_model", |b| {
        b.iter(|| judged(black_box(INPUT_REQUIRED_64K), &model_ctx))
    });
    g.finish();
}

fn sse(c: &mut Criterion) {
    let events = STREAM_3EV.windows(2).filter(|w| w == b"\n\n").count() as u64;
    let mut g = c.benchmark_group("sse_decode");
    // Per event: the figure criterion prints as elements/s inverts to the time of one event.
    g.throughput(Throughput::Elements(events));
    g.bench_function("3_events_2k", |b| {
        b.iter(|| {
            let mut dec = Decoder::new(MAX_EVENT_BYTES);
            dec.push(black_box(STREAM_3EV));
            let mut n = 0u32;
            while let Ok(Some(ev)) = dec.next_event() {
                black_box(&ev);
                n += 1;
            }
            n
        })
    });
    g.finish();
}

fn envelope(c: &mut Criterion) {
    let ring = Keyring::random().expect("system RNG");
    // The envelope the gateway seals for the 2 KB fixture: one form (its schema) and one url key.
    let fixture: serde_json::Value = serde_json::from_slice(INPUT_REQUIRED_2K).expect("fixture");
    let schema = fixture["result"]["inputRequests"]["book0"]["params"]["requestedSchema"].clone();
    let upstream_state = fixture["result"]["requestState"]
        .as_str()
        .map(str::to_owned);
    let now = 1_800_000_000;
    let env = Envelope {
        id: Envelope::new_id().expect("system RNG"),
        upstream_state,
        principal: "anonymous".into(),
        route: "default".into(),
        method: "tools/call".into(),
        params_digest: "0".repeat(64),
        asked: vec![
            ("book0".into(), Asked::form(&schema)),
            ("link".into(), Asked::Url),
        ],
        round: 1,
        issued_at: now,
        expires_at: now + 600,
    };
    let token = ring.seal(&env).expect("seal");
    assert_eq!(ring.open(&token, "default", now + 1).expect("open"), env);

    // Sealed as the gateway seals: `seal_fresh` draws the envelope's id with its nonce (from the ring's pool).
    let mut fresh = env.clone();
    let mut g = c.benchmark_group("envelope");
    g.bench_function("seal", |b| {
        b.iter(|| ring.seal_fresh(black_box(&mut fresh)))
    });
    g.bench_function("open", |b| {
        b.iter(|| ring.open(black_box(&token), "default", now + 1))
    });
    g.bench_function("seal_open", |b| {
        b.iter(|| {
            let t = ring.seal_fresh(black_box(&mut fresh)).ok();
            t.map(|t| ring.open(&t, "default", now + 1))
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = settings();
    targets = decisions, sse, envelope
}
criterion_main!(benches);
