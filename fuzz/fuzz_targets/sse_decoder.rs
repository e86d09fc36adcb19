//! The SSE decoder loses and invents no byte: the `raw` of every event plus `finish()` is the input,
//! and the events do not depend on how the stream was cut into chunks.
#![no_main]

use elicitguard::wire::sse::{Decoder, Event, SseError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check(data));

fn check(data: &[u8]) {
    // The first byte picks the chunk size, so the fuzzer explores splits at every offset.
    let Some((control, input)) = data.split_first() else {
        return;
    };
    let step = usize::from(*control % 17) + 1;
    let Some((chunked, tail)) = decode(input.chunks(step)) else {
        return; // not UTF-8 in a field: refused, which is all the caller needs
    };
    let mut joined: Vec<u8> = chunked.iter().flat_map(|e| e.raw.to_vec()).collect();
    joined.extend_from_slice(&tail);
    assert_eq!(
        joined, input,
        "raw bytes plus finish() must give the input back"
    );
    let (whole, whole_tail) = decode(std::iter::once(input)).expect("same bytes, same verdict");
    assert_eq!(chunked, whole, "events must not depend on chunking");
    assert_eq!(tail, whole_tail);
    // A limit as large as the largest event (or the tail) refuses nothing.
    let largest = whole
        .iter()
        .map(|e| e.raw.len())
        .chain([tail.len()])
        .max()
        .unwrap_or(0);
    let mut d = Decoder::new(largest);
    d.push(input);
    d.end_input();
    while d.next_event().expect("within the limit").is_some() {}
}

fn decode<'a>(chunks: impl Iterator<Item = &'a [u8]>) -> Option<(Vec<Event>, Vec<u8>)> {
    let mut d = Decoder::new(usize::MAX);
    let mut events = Vec::new();
    for chunk in chunks {
        d.push(chunk);
        drain(&mut d, &mut events)?;
    }
    d.end_input();
    drain(&mut d, &mut events)?;
    Some((events, d.finish().to_vec()))
}

/// Moves every complete event out of the decoder; None when the stream is refused as not UTF-8.
fn drain(d: &mut Decoder, events: &mut Vec<Event>) -> Option<()> {
    loop {
        match d.next_event() {
            Ok(Some(e)) => events.push(e),
            Ok(None) => return Some(()),
            Err(SseError::NotUtf8) => return None,
            Err(e) => panic!("unexpected error without a limit: {e}"),
        }
    }
}
