//! Classification time of the secret classifier for a 10-field form (budget: 10 µs), a benign and a hostile
//! one, and the check of a pasted answer. Needs in Cargo.toml:
//! `[[bench]] name = "secret" harness = false`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use elicitguard::policy::secret::SecretPolicy;
use elicitguard::wire::tree::{Arena, Node};
use serde_json::{json, Value};

#[path = "../src/allocator.rs"]
mod allocator;

/// The allocator the gateway binary ships with (src/main.rs), so these figures are the shipped code's: under
/// glibc's malloc the allocation-heavy steps (the strict parse, folding) cost more than they do in the gateway.
#[global_allocator]
static ALLOC: allocator::MiMalloc = allocator::MiMalloc;

fn benign_form() -> Value {
    json!({"type": "object", "properties": {
        "name": {"type": "string", "title": "Full name"},
        "email": {"type": "string", "format": "email", "title": "Email address"},
        "max_tokens": {"type": "integer", "title": "Maximum tokens", "default": 1024},
        "temperature": {"type": "number", "minimum": 0, "maximum": 2},
        "key_to_rotate": {"type": "string", "enum": ["prod", "staging", "ci"], "title": "Which API key to rotate"},
        "confirm": {"type": "boolean", "title": "Yes, delete the old API key"},
        "min_password_length": {"type": "integer", "title": "Minimum password length"},
        "layout": {"type": "string", "title": "Keyboard layout", "enum": ["us", "de"]},
        "key_results": {"type": "string", "title": "Key results", "description": "One per line"},
        "notes": {"type": "string", "title": "Notes", "description": "Anything else we should know?"}
    }, "required": ["name", "email"]})
}

fn hostile_form() -> Value {
    let mut form = benign_form();
    form["properties"]["notes"] = json!({"type": "string", "title": "Ваш пароль"});
    form
}

fn bench(c: &mut Criterion) {
    let policy = SecretPolicy::compile(&[]).expect("built-in packs compile");
    let (benign_value, hostile) = (benign_form(), hostile_form());
    let arenas = (Arena::new(), Arena::new());
    let (benign, hostile) = (
        Node::from_value(&benign_value, &arenas.0),
        Node::from_value(&hostile, &arenas.1),
    );
    let message = "Please review the model settings for this run and confirm the key rotation.";
    assert!(policy
        .judge_form(message, &benign, "/params", &[])
        .is_empty());
    assert!(!policy
        .judge_form(message, &hostile, "/params", &[])
        .is_empty());

    c.bench_function("secret/judge_form 10 fields benign", |b| {
        b.iter(|| policy.judge_form(black_box(message), black_box(&benign), "/params", &[]))
    });
    c.bench_function("secret/judge_form 10 fields hostile", |b| {
        b.iter(|| policy.judge_form(black_box(message), black_box(&hostile), "/params", &[]))
    });
    let content = json!({"name": "Ada Lovelace", "email": "ada@example.com", "max_tokens": 2048,
                         "notes": "Ship it on Tuesday please; order 12345."});
    c.bench_function("secret/judge_content 4 answers", |b| {
        b.iter(|| policy.judge_content(black_box(&content), black_box(&benign_value), "/content"))
    });
    c.bench_function("secret/compile packs", |b| {
        b.iter(|| SecretPolicy::compile(&[]))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
