//! A deadline for a connection's first bytes.
//!
//! A TLS client that completes the handshake and then says nothing would otherwise hold its connection (a
//! task, a socket, the TLS state) for ever: hyper's HTTP/1 header timeout and HTTP/2 keep-alive pings only
//! start once a protocol is being spoken, and the protocol sniffing of hyper-util's `auto` builder waits
//! without a bound. Plaintext connections get the same bound by peeking (`server::speaks_h2`); TLS streams
//! cannot be peeked, so this wraps the stream: until the first byte of application data is read, a read that
//! would wait past the deadline fails with `TimedOut`, which ends the connection. After that it costs one
//! branch per read and holds no timer.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

pin_project_lite::pin_project! {
    /// `inner`, whose first read must bring bytes before the deadline.
    pub struct FirstBytes<S> {
        #[pin]
        inner: S,
        // Boxed and dropped after the first bytes, so a long-lived idle connection does not carry a timer.
        deadline: Option<Pin<Box<Sleep>>>,
    }
}

impl<S> FirstBytes<S> {
    /// Wraps `inner`; its first bytes must arrive within `timeout` from now.
    pub fn new(inner: S, timeout: Duration) -> Self {
        FirstBytes {
            inner,
            deadline: Some(Box::pin(tokio::time::sleep(timeout))),
        }
    }
}

impl<S: AsyncRead> AsyncRead for FirstBytes<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.project();
        let before = buf.filled().len();
        let polled = this.inner.poll_read(cx, buf);
        let Some(deadline) = this.deadline else {
            return polled;
        };
        match polled {
            Poll::Ready(Ok(())) if buf.filled().len() > before => {
                *this.deadline = None;
                Poll::Ready(Ok(()))
            }
            // End of stream or an error: nothing to wait for.
            Poll::Ready(r) => Poll::Ready(r),
            Poll::Pending => match deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "no request within the header read timeout",
                ))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl<S: AsyncWrite> AsyncWrite for FirstBytes<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.project().inner.poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.project().inner.poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().inner.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().inner.poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test(start_paused = true)]
    async fn silence_past_the_deadline_is_an_error() {
        let (_client, server) = tokio::io::duplex(64);
        let mut s = FirstBytes::new(server, Duration::from_secs(5));
        let mut buf = [0u8; 8];
        let err = s.read(&mut buf).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
    }

    #[tokio::test(start_paused = true)]
    async fn bytes_in_time_lift_the_deadline_for_good() {
        let (mut client, server) = tokio::io::duplex(64);
        let mut s = FirstBytes::new(server, Duration::from_secs(5));
        client.write_all(b"GET").await.unwrap();
        let mut buf = [0u8; 8];
        assert_eq!(s.read(&mut buf).await.unwrap(), 3);
        assert!(s.deadline.is_none());
        // Idle far past the first deadline: still open, the next bytes arrive.
        tokio::time::sleep(Duration::from_secs(60)).await;
        client.write_all(b" /").await.unwrap();
        assert_eq!(s.read(&mut buf).await.unwrap(), 2);
    }

    #[tokio::test(start_paused = true)]
    async fn end_of_stream_is_passed_through() {
        let (client, server) = tokio::io::duplex(64);
        drop(client);
        let mut s = FirstBytes::new(server, Duration::from_secs(5));
        let mut buf = [0u8; 8];
        assert_eq!(s.read(&mut buf).await.unwrap(), 0);
    }
}
