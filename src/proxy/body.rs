//! The body type of every response the gateway sends, and bounded body reading.

use bytes::{Bytes, BytesMut};
use http_body::Body;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full};

/// Errors inside a streaming body.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The response body type.
pub type ProxyBody = UnsyncBoxBody<Bytes, BoxError>;

/// A complete body.
pub fn full(bytes: Bytes) -> ProxyBody {
    Full::new(bytes)
        .map_err(|never| match never {})
        .boxed_unsync()
}

/// An empty body.
pub fn empty() -> ProxyBody {
    full(Bytes::new())
}

/// Why a bounded read stopped.
#[derive(Debug)]
pub enum ReadError {
    /// Over the limit.
    TooLarge,
    /// The body failed.
    Failed,
}

/// Reads a whole body, refusing more than `limit` bytes (checked as frames arrive, so memory stays bounded).
pub async fn read_bounded<B>(mut body: B, limit: u64) -> Result<Bytes, ReadError>
where
    B: Body<Data = Bytes> + Unpin,
{
    if body.size_hint().lower() > limit {
        return Err(ReadError::TooLarge);
    }
    let mut first: Option<Bytes> = None;
    let mut buf = BytesMut::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|_| ReadError::Failed)?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        let total = first.as_ref().map_or(0, Bytes::len) + buf.len() + data.len();
        if total as u64 > limit {
            return Err(ReadError::TooLarge);
        }
        // The common case is a single frame: keep it without copying.
        match first.take() {
            None if buf.is_empty() => first = Some(data),
            Some(f) => {
                buf.extend_from_slice(&f);
                buf.extend_from_slice(&data);
            }
            None => buf.extend_from_slice(&data),
        }
    }
    Ok(match first {
        Some(f) => f,
        None => buf.freeze(),
    })
}
