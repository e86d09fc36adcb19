//! Incremental Server-Sent Events framing that keeps each event's original bytes.
//!
//! CONTRACT (wire helper): `Decoder::new(max_event_bytes)`; `push(&mut self, chunk: &[u8])` appends bytes;
//! `next_event(&mut self) -> Result<Option<Event>, SseError>` returns the next complete event (terminated by
//! a blank line; LF, CRLF or CR line ends, in any mix, split across pushes at any byte), or None when more
//! bytes are needed; `SseError::TooLarge` once a pending event exceeds the limit; `finish(self)` returns
//! any trailing incomplete bytes at end of stream (a truncated event, which the caller must not forward
//! unjudged). `Event.raw` is the event's exact original bytes including its terminating blank line, so that
//! an allowed event is forwarded byte for byte. `Event.data` joins `data:` lines with `\n` (one leading
//! space after the colon removed, per the HTML spec), `event` and `id` the last such field; comment lines
//! (starting with `:`) are kept in raw and ignored otherwise. Blocks made only of comments are events with
//! `data == None` (keep-alives), so they can be forwarded at once.
//!
//! Details beyond the contract:
//! - Every byte pushed ends up in exactly one event's `raw` or in `finish()`: concatenating them gives
//!   the stream back. A lone blank line is an event of its own (`data == None`).
//! - A CR at the very end of the buffered bytes may be the first half of a CRLF, so a line ending there
//!   waits for the next byte. At end of stream, call [`Decoder::end_input`] so that a final event ended
//!   by a bare CR is still returned instead of left in `finish()`.
//! - A UTF-8 byte order mark at the start of the stream is ignored (kept in `raw`), as the spec says.
//! - `id` values containing NUL are ignored, as the spec says; `retry` and unknown fields are ignored.
//! - Scanning resumes where it stopped: each byte is looked at once, whatever the chunking.
//! - Errors are final: once `next_event` has failed, it keeps returning the same error.

use bytes::{Bytes, BytesMut};

/// One complete SSE event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The exact bytes of the event, terminator included.
    pub raw: Bytes,
    /// The `data` field (lines joined by `\n`), or None when the block had no data line.
    pub data: Option<String>,
    /// The `event` field, if any.
    pub event: Option<String>,
    /// The `id` field, if any.
    pub id: Option<String>,
}

/// Why a stream could not be framed.
#[derive(Debug, thiserror::Error, PartialEq, Eq, Clone, Copy)]
pub enum SseError {
    /// An event grew past the configured limit before it ended.
    #[error("SSE event larger than {0} bytes")]
    TooLarge(usize),
    /// An event's data is not valid UTF-8.
    #[error("SSE event is not valid UTF-8")]
    NotUtf8,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Incremental decoder; see the module doc.
#[derive(Debug)]
pub struct Decoder {
    /// Largest event accepted, terminator included; also bounds `buf` between events.
    max_event_bytes: usize,
    /// Bytes of the current (not yet returned) event and anything after it. Starts at the event's first byte.
    buf: BytesMut,
    /// Offset in `buf` where the current line starts.
    line_start: usize,
    /// Offset in `buf` up to which bytes were scanned for line ends.
    scanned: usize,
    /// Fields of the current event gathered so far, from its complete lines.
    data: Option<String>,
    event: Option<String>,
    id: Option<String>,
    /// True until the first line of the stream is processed (for the BOM).
    at_stream_start: bool,
    /// Set by [`Decoder::end_input`]: no more bytes will come, so a trailing CR is a whole line end.
    input_ended: bool,
    /// The first error, returned again on every later call.
    failed: Option<SseError>,
}

impl Decoder {
    /// A decoder refusing events larger than `max_event_bytes`.
    pub fn new(max_event_bytes: usize) -> Self {
        Decoder {
            max_event_bytes,
            buf: BytesMut::new(),
            line_start: 0,
            scanned: 0,
            data: None,
            event: None,
            id: None,
            at_stream_start: true,
            input_ended: false,
            failed: None,
        }
    }

    /// Appends received bytes.
    pub fn push(&mut self, chunk: &[u8]) {
        self.buf.extend_from_slice(chunk);
    }

    /// Declares the end of the stream: a final line ended by a bare CR no longer waits for a possible LF.
    pub fn end_input(&mut self) {
        self.input_ended = true;
    }

    /// The next complete event, if one is buffered.
    pub fn next_event(&mut self) -> Result<Option<Event>, SseError> {
        if let Some(err) = self.failed {
            return Err(err);
        }
        let result = self.scan();
        if let Err(err) = result {
            self.failed = Some(err);
        }
        result
    }

    /// Bytes of an incomplete trailing event at end of stream (empty when the stream ended cleanly).
    pub fn finish(self) -> Bytes {
        self.buf.freeze()
    }

    /// At the end of the input (after [`Decoder::end_input`] and the last event), takes the incomplete trailing
    /// event's bytes and returns them when they are inert: no `data` field in its complete lines, and a last,
    /// unterminated line that is UTF-8 and not a `data` field either. SSE parsers drop such a tail; a lenient
    /// one that dispatched it would still find no data. Text that is not SSE at all (an HTML page sniffed as
    /// SSE) ends this way and is given back whole. None when the tail holds data (it is never forwarded
    /// unjudged) or the decoder failed.
    pub fn take_inert_rest(&mut self) -> Option<Bytes> {
        let rest = self.buf.split().freeze();
        let line_start = std::mem::take(&mut self.line_start);
        self.scanned = 0;
        if self.failed.is_some() || self.data.take().is_some() || rest.is_empty() {
            return None;
        }
        let last = rest.get(line_start..).unwrap_or_default();
        let last = match self.at_stream_start {
            true => last.strip_prefix(BOM).unwrap_or(last),
            false => last,
        };
        let name = last.split(|&b| b == b':').next().unwrap_or_default();
        let inert = simdutf8::basic::from_utf8(last).is_ok() && name != b"data";
        inert.then_some(rest)
    }

    /// Scans from where the last call stopped, line by line, until an event ends or bytes run out.
    fn scan(&mut self) -> Result<Option<Event>, SseError> {
        loop {
            let rest = self.buf.get(self.scanned..).unwrap_or_default();
            let Some(found) = memchr::memchr2(b'\n', b'\r', rest) else {
                self.scanned = self.buf.len();
                return self.need_more();
            };
            let line_end = self.scanned + found;
            let next_line = match self.buf.get(line_end..line_end + 2) {
                Some([b'\r', b'\n']) => line_end + 2,
                Some([b'\r', _]) => line_end + 1,
                Some(_) => line_end + 1, // an LF
                // A CR as the last buffered byte: maybe the first half of a CRLF, so wait unless the stream ended.
                None if self.buf.get(line_end) == Some(&b'\r') && !self.input_ended => {
                    self.scanned = line_end;
                    return self.need_more();
                }
                None => line_end + 1,
            };
            if next_line > self.max_event_bytes {
                return Err(SseError::TooLarge(self.max_event_bytes));
            }
            let line_start = self.line_start;
            self.scanned = next_line;
            self.line_start = next_line;
            // The BOM belongs to the stream, not to its first line: a line of only a BOM is blank.
            let line = self.buf.get(line_start..line_end).unwrap_or_default();
            let line = match std::mem::take(&mut self.at_stream_start) {
                true => line.strip_prefix(BOM).unwrap_or(line),
                false => line,
            };
            if line.is_empty() {
                return Ok(Some(self.dispatch(next_line)));
            }
            self.field_line(line_start + (line_end - line_start - line.len()), line_end)?;
        }
    }

    /// No complete event yet: fine unless the pending bytes already exceed the limit.
    fn need_more(&self) -> Result<Option<Event>, SseError> {
        if self.buf.len() > self.max_event_bytes {
            return Err(SseError::TooLarge(self.max_event_bytes));
        }
        Ok(None)
    }

    /// Takes the first `len` bytes of `buf` as the finished event.
    fn dispatch(&mut self, len: usize) -> Event {
        let raw = self.buf.split_to(len).freeze();
        self.line_start = 0;
        self.scanned = 0;
        Event {
            raw,
            data: self.data.take(),
            event: self.event.take(),
            id: self.id.take(),
        }
    }

    /// Applies one non-empty line (without its line end) to the current event.
    fn field_line(&mut self, start: usize, end: usize) -> Result<(), SseError> {
        let line = self.buf.get(start..end).unwrap_or_default();
        if line.first() == Some(&b':') {
            return Ok(()); // a comment
        }
        let (name, value) = match memchr::memchr(b':', line) {
            Some(colon) => {
                let value = line.get(colon + 1..).unwrap_or_default();
                let value = value.strip_prefix(b" ").unwrap_or(value);
                (line.get(..colon).unwrap_or_default(), value)
            }
            None => (line, &b""[..]),
        };
        // SIMD validation: a `data` line is most of an event's bytes, and std's scalar check cost more on them.
        let value = simdutf8::basic::from_utf8(value).map_err(|_| SseError::NotUtf8)?;
        // The name too: a decoder that drops bytes it cannot read would take `d\xFFata` for `data`.
        if std::str::from_utf8(name).is_err() {
            return Err(SseError::NotUtf8);
        }
        match name {
            b"data" => match &mut self.data {
                Some(data) => {
                    data.push('\n');
                    data.push_str(value);
                }
                None => self.data = Some(value.to_owned()),
            },
            b"event" => self.event = Some(value.to_owned()),
            b"id" if !value.contains('\0') => self.id = Some(value.to_owned()),
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `chunks`, drains events after each, then ends the input and drains again.
    fn decode(chunks: &[&[u8]], max: usize) -> (Vec<Event>, Result<Bytes, SseError>) {
        let mut d = Decoder::new(max);
        let mut out = Vec::new();
        for chunk in chunks {
            d.push(chunk);
            loop {
                match d.next_event() {
                    Ok(Some(e)) => out.push(e),
                    Ok(None) => break,
                    Err(e) => return (out, Err(e)),
                }
            }
        }
        d.end_input();
        loop {
            match d.next_event() {
                Ok(Some(e)) => out.push(e),
                Ok(None) => break,
                Err(e) => return (out, Err(e)),
            }
        }
        (out, Ok(d.finish()))
    }

    fn ev(raw: &str, data: Option<&str>, event: Option<&str>, id: Option<&str>) -> Event {
        Event {
            raw: Bytes::copy_from_slice(raw.as_bytes()),
            data: data.map(str::to_owned),
            event: event.map(str::to_owned),
            id: id.map(str::to_owned),
        }
    }

    /// The tail left at the end of the input, as the filter reads it.
    fn tail_of(input: &[u8]) -> Option<Bytes> {
        let mut d = Decoder::new(1 << 20);
        d.push(input);
        d.end_input();
        while let Ok(Some(_)) = d.next_event() {}
        d.take_inert_rest()
    }

    #[test]
    fn an_inert_tail_is_given_back_and_a_tail_with_data_is_not() {
        let html = b"<!doctype html>\n<form method=\"post\">\n<p>Not found</p>";
        assert_eq!(tail_of(html).as_deref(), Some(&html[..]));
        assert_eq!(
            tail_of(b"data: a\n\n: comment").as_deref(),
            Some(&b": comment"[..])
        );
        assert_eq!(
            tail_of(b"\xEF\xBB\xBFevent: x").as_deref(),
            Some(&b"\xEF\xBB\xBFevent: x"[..])
        );
        // Nothing left: nothing given back.
        assert_eq!(tail_of(b"data: a\n\n"), None);
        // Data in a complete line, or in the last one, however it is written: never given back.
        assert_eq!(tail_of(b"id: 1\ndata: {}\n"), None);
        assert_eq!(tail_of(b"<p>\ndata: {}"), None);
        assert_eq!(tail_of(b"data"), None);
        assert_eq!(tail_of(b"\xEF\xBB\xBFdata: x"), None);
        assert_eq!(tail_of(b"x: \xff"), None);
        // A name that is not UTF-8 fails the decoder (a byte-dropping reader could make it `data`).
        assert_eq!(tail_of(b"d\xffata: x\nmore"), None);
        let mut d = Decoder::new(64);
        d.push(b"d\xffata: x\n\n");
        assert_eq!(d.next_event(), Err(SseError::NotUtf8));
    }

    #[test]
    fn frames_events_with_every_line_ending() {
        let cases: Vec<(&str, Vec<Event>, &str)> = vec![
            (
                "data: a\n\n",
                vec![ev("data: a\n\n", Some("a"), None, None)],
                "",
            ),
            (
                "data: a\r\n\r\n",
                vec![ev("data: a\r\n\r\n", Some("a"), None, None)],
                "",
            ),
            (
                "data: a\r\r",
                vec![ev("data: a\r\r", Some("a"), None, None)],
                "",
            ),
            (
                "data: a\r\n\rdata:b\n\r\n",
                vec![
                    ev("data: a\r\n\r", Some("a"), None, None),
                    ev("data:b\n\r\n", Some("b"), None, None),
                ],
                "",
            ),
            (
                "event: message\nid: 7\ndata: {\"a\":\ndata:  1}\n\n",
                vec![ev(
                    "event: message\nid: 7\ndata: {\"a\":\ndata:  1}\n\n",
                    Some("{\"a\":\n 1}"),
                    Some("message"),
                    Some("7"),
                )],
                "",
            ),
            (
                ": keep-alive\n\n",
                vec![ev(": keep-alive\n\n", None, None, None)],
                "",
            ),
            (
                ": c\ndata: x\n: c2\n\n",
                vec![ev(": c\ndata: x\n: c2\n\n", Some("x"), None, None)],
                "",
            ),
            ("\n", vec![ev("\n", None, None, None)], ""),
            ("data\n\n", vec![ev("data\n\n", Some(""), None, None)], ""),
            (
                "data:\ndata:\n\n",
                vec![ev("data:\ndata:\n\n", Some("\n"), None, None)],
                "",
            ),
            (
                "id: 1\nid: 2\nevent: a\nevent: b\n\n",
                vec![ev(
                    "id: 1\nid: 2\nevent: a\nevent: b\n\n",
                    None,
                    Some("b"),
                    Some("2"),
                )],
                "",
            ),
            (
                "id: a\0b\n\n",
                vec![ev("id: a\0b\n\n", None, None, None)],
                "",
            ),
            (
                "retry: 10\nfoo: bar\ndata:x\n\n",
                vec![ev("retry: 10\nfoo: bar\ndata:x\n\n", Some("x"), None, None)],
                "",
            ),
            (
                "\u{feff}data: a\n\n",
                vec![ev("\u{feff}data: a\n\n", Some("a"), None, None)],
                "",
            ),
            (
                "data: a\n\ndata: trunc",
                vec![ev("data: a\n\n", Some("a"), None, None)],
                "data: trunc",
            ),
            (
                "data: a\n\ndata: b\n",
                vec![ev("data: a\n\n", Some("a"), None, None)],
                "data: b\n",
            ),
            ("data: a\n", vec![], "data: a\n"),
            ("", vec![], ""),
        ];
        for (input, want, tail) in cases {
            let (got, rest) = decode(&[input.as_bytes()], 1 << 20);
            assert_eq!(got, want, "{input:?}");
            assert_eq!(rest.unwrap(), tail.as_bytes(), "{input:?}");
        }
    }

    #[test]
    fn bom_only_at_stream_start() {
        let (got, _) = decode(&["\u{feff}\ndata: a\n\n".as_bytes()], 1024);
        assert_eq!(
            got,
            vec![
                ev("\u{feff}\n", None, None, None),
                ev("data: a\n\n", Some("a"), None, None)
            ]
        );
        // Later, a BOM is part of the field name, so this is an unknown field.
        let (got, _) = decode(&["\n\u{feff}data: a\n\n".as_bytes()], 1024);
        assert_eq!(got[1], ev("\u{feff}data: a\n\n", None, None, None));
        // Split inside the BOM.
        let (got, _) = decode(&[b"\xef\xbb", b"\xbfdata: a\n\n"], 1024);
        assert_eq!(got[0].data.as_deref(), Some("a"));
    }

    #[test]
    fn trailing_cr_waits_for_a_possible_lf() {
        let mut d = Decoder::new(1024);
        d.push(b"data: a\r\n\r");
        assert_eq!(d.next_event(), Ok(None));
        d.push(b"\n");
        let e = d.next_event().unwrap().unwrap();
        assert_eq!(&e.raw[..], b"data: a\r\n\r\n");
        assert_eq!(d.next_event(), Ok(None));
        assert!(d.finish().is_empty());

        // Without end_input a bare-CR final event stays in the tail; with it, it is returned.
        let mut d = Decoder::new(1024);
        d.push(b"data: a\r\r");
        assert_eq!(d.next_event(), Ok(None));
        d.end_input();
        assert_eq!(d.next_event().unwrap().unwrap().data.as_deref(), Some("a"));
        assert!(d.finish().is_empty());
    }

    const STREAM: &str = "\u{feff}: hello\r\nevent: message\r\nid: 1\r\ndata: {\"jsonrpc\":\"2.0\",\r\ndata: \"id\":1}\r\n\r\n\
        data: caf\u{e9}\n\n:ping\r\r\ndata:x\rdata: y\r\revent:end\nid\n\ndata: last\r\n\r\n";

    #[test]
    fn split_at_every_byte_offset_gives_the_same_events() {
        let bytes = STREAM.as_bytes();
        let (whole, tail) = decode(&[bytes], 1 << 20);
        assert_eq!(tail.unwrap(), &b""[..]);
        assert_eq!(whole.len(), 6);
        for a in 0..=bytes.len() {
            let (got, tail) = decode(&[&bytes[..a], &bytes[a..]], 1 << 20);
            assert_eq!(got, whole, "split at {a}");
            assert!(tail.unwrap().is_empty());
            for b in a..=bytes.len() {
                let (got, _) = decode(&[&bytes[..a], &bytes[a..b], &bytes[b..]], 1 << 20);
                assert_eq!(got, whole, "split at {a} and {b}");
            }
        }
        // One byte at a time.
        let singles: Vec<&[u8]> = bytes.chunks(1).collect();
        assert_eq!(decode(&singles, 1 << 20).0, whole);
    }

    #[test]
    fn raw_bytes_concatenate_to_the_input() {
        for input in [STREAM, "data: a\n\ndata: cut", "\r\r\n\n\r", "x\ry\r\n"] {
            let (events, tail) = decode(&[input.as_bytes()], 1 << 20);
            let mut joined: Vec<u8> = events.iter().flat_map(|e| e.raw.to_vec()).collect();
            joined.extend_from_slice(&tail.unwrap());
            assert_eq!(joined, input.as_bytes());
        }
    }

    #[test]
    fn oversized_events_are_refused() {
        // Complete but too large.
        let (_, r) = decode(&[b"data: 0123456789\n\n"], 10);
        assert_eq!(r, Err(SseError::TooLarge(10)));
        // Never-ending line, fed in small pieces: refused as soon as it passes the limit.
        let mut d = Decoder::new(16);
        d.push(b"data: 0123456789");
        assert_eq!(d.next_event(), Ok(None));
        d.push(b"abc");
        assert_eq!(d.next_event(), Err(SseError::TooLarge(16)));
        // Errors are final.
        d.push(b"\n\n");
        assert_eq!(d.next_event(), Err(SseError::TooLarge(16)));
        // Small events one after another are each within the limit.
        let (events, r) = decode(&[b"data: 1\n\ndata: 2\n\ndata: 3\n\n"], 9);
        assert_eq!(events.len(), 3);
        assert!(r.unwrap().is_empty());
        // Exactly at the limit is accepted.
        let (events, _) = decode(&[b"data: 1\n\n"], 9);
        assert_eq!(events.len(), 1);
    }

    #[test]
    fn invalid_utf8_is_refused() {
        let (_, r) = decode(&[b"data: \xff\n\n"], 1024);
        assert_eq!(r, Err(SseError::NotUtf8));
        // In a comment it is only carried in raw.
        let (events, r) = decode(&[b": \xff\n\n"], 1024);
        assert_eq!(events.len(), 1);
        assert!(r.unwrap().is_empty());
    }

    #[test]
    fn data_matches_the_eventsource_stream_crate() {
        use eventsource_stream::Eventsource;
        use futures::StreamExt;
        // The crate panics on a leading BOM (it slices inside it), so the oracle sees the stream without it.
        let inputs = [
            STREAM.trim_start_matches('\u{feff}'),
            "data: a\n\ndata: b\r\ndata: c\r\n\r\n",
            "event: e\nid: 3\ndata:   spaced \n\n",
            ": only a comment\n\ndata: after\n\n",
            "data\n\ndata:\n\ndata: x\n",
        ];
        for input in inputs {
            let bytes = input.as_bytes();
            for split in 0..=bytes.len() {
                let chunks: Vec<Result<Bytes, std::io::Error>> = vec![
                    Ok(Bytes::copy_from_slice(&bytes[..split])),
                    Ok(Bytes::copy_from_slice(&bytes[split..])),
                ];
                let oracle: Vec<String> = futures::executor::block_on(
                    futures::stream::iter(chunks)
                        .eventsource()
                        .filter_map(|e| async move { e.ok().map(|e| e.data) })
                        .collect(),
                );
                let (ours, _) = decode(&[&bytes[..split], &bytes[split..]], 1 << 20);
                // The crate yields only events that had a data line, as `data` is Some for us.
                let ours: Vec<String> = ours.into_iter().filter_map(|e| e.data).collect();
                assert_eq!(ours, oracle, "{input:?} split at {split}");
            }
        }
    }
}
