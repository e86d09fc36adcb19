//! The judged path's tree (`wire::tree::parse`) never panics and agrees with `parse_strict`, its oracle, on
//! every input: the same acceptance, the same kind of refusal, the same values; each member's span cuts out
//! text that parses to that member's value; the compact copy of accepted text parses to the same value.
//! `parse_known`, recognising every object under `a.b` (the most a caller may recognise), reads as `parse`:
//! the same refusal, or the same value and the same spans.
#![no_main]

use elicitguard::wire::strict::{parse_strict, StrictError};
use elicitguard::wire::tree::{compact, extent, parse, parse_known, parse_str, Arena, Known, Node};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check(data));

fn kind(e: &StrictError) -> u8 {
    match e {
        StrictError::Syntax(_) => 0,
        StrictError::DuplicateKey => 1,
        StrictError::TooDeep => 2,
        StrictError::TooManyValues => 3,
    }
}

fn check(data: &[u8]) {
    let arena = Arena::new();
    match (parse(data, &arena), parse_strict(data)) {
        (Ok(tree), Ok(value)) => {
            assert_eq!(tree.to_value(), value);
            let text = std::str::from_utf8(data).expect("accepted text is UTF-8");
            spans(text, &tree);
            let short = compact(text);
            assert_eq!(
                parse_str(&short, &Arena::new())
                    .expect("compact text parses")
                    .to_value(),
                value
            );
        }
        (Err(a), Err(b)) => assert_eq!(kind(&a), kind(&b), "{a} / {b}"),
        (a, b) => panic!("tree {:?} / strict {:?}", a.map(|t| t.to_value()), b),
    }
    let any_object = |rest: &[u8]| {
        let e = extent(rest, 0, rest.len())?;
        parse(rest.get(..e.end)?, &Arena::new())
            .is_ok_and(|n| n.is_object())
            .then_some(e)
    };
    let known = Known {
        parent: "a",
        member: "b",
        max_len: usize::MAX,
        recognise: &any_object,
    };
    let skipping = Arena::new();
    match (parse(data, &arena), parse_known(data, &skipping, &known)) {
        (Ok(p), Ok(k)) => {
            assert_eq!(p.to_value(), k.to_value());
            same_spans(&p, &k);
        }
        (Err(a), Err(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}")),
        (a, b) => panic!(
            "parse {:?} / parse_known {:?}",
            a.map(|t| t.to_value()),
            b.map(|t| t.to_value())
        ),
    }
}

fn same_spans(p: &Node<'_>, k: &Node<'_>) {
    match (p, k) {
        (Node::Object(po), Node::Object(ko)) => {
            for (key, pv) in po {
                assert_eq!(po.span_of(key), ko.span_of(key));
                assert_eq!(po.compact_span_of(key), ko.compact_span_of(key));
                if let Some(kv) = ko.get(key) {
                    same_spans(pv, kv);
                }
            }
        }
        (Node::Array(pi), Node::Array(ki)) => {
            pi.iter().zip(*ki).for_each(|(p, k)| same_spans(p, k))
        }
        _ => {}
    }
}

fn spans(text: &str, node: &Node<'_>) {
    match node {
        Node::Object(o) => {
            for (k, v) in o {
                let span = o.span_of(k).expect("a parsed member has a span");
                let arena = Arena::new();
                let cut = parse_str(&text[span], &arena).expect("a span holds one value");
                assert_eq!(cut.to_value(), v.to_value());
                spans(text, v);
            }
        }
        Node::Array(items) => items.iter().for_each(|i| spans(text, i)),
        _ => {}
    }
}
