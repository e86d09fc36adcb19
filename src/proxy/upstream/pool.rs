//! The connections kept to one upstream origin: a stack of idle HTTP/1.1 connections and, when the
//! origin speaks h2, one shared multiplexed connection.
//!
//! Why not hyper-util's pooled client: it keys every checkout by a hashed (scheme, authority), wraps each
//! connection in oneshot channels, and spawns a task per response to wait for the connection to become
//! reusable: that bookkeeping was a sizeable share of a small pass-through request's instructions (the
//! callgrind gate, BENCHMARKS.md, measures it). Here the origin is found once per route, an idle
//! connection is a `SendRequest` popped from a short `Vec`, and it goes back when the response body has been
//! read to its end.

use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::Full;
use hyper::client::conn::http2;

use super::connect::{Conn1, Dialer};

/// Idle HTTP/1.1 connections kept per origin. 256 covers a busy gateway's concurrency to one upstream
/// without holding thousands of sockets open; a connection over the bound is closed when its response ends.
pub const MAX_IDLE_PER_ORIGIN: usize = 256;

/// An idle HTTP/1.1 connection and since when it has been idle.
struct Idle {
    conn: Conn1,
    since: Instant,
}

/// One upstream origin's connections.
pub struct Origin {
    pub dialer: Dialer,
    /// Idle connections, most recently used last (taken first: its socket is the likeliest to be alive).
    idle: Mutex<Vec<Idle>>,
    /// The shared h2 connection, once the origin has spoken h2 (ALPN or h2c).
    h2: Mutex<Option<http2::SendRequest<Full<Bytes>>>>,
    /// Idle connections older than this are closed rather than reused.
    idle_timeout: Duration,
}

impl Origin {
    pub fn new(dialer: Dialer, idle_timeout: Duration) -> Arc<Self> {
        let origin = Arc::new(Origin {
            dialer,
            idle: Mutex::new(Vec::new()),
            h2: Mutex::new(None),
            idle_timeout,
        });
        spawn_sweeper(Arc::downgrade(&origin), idle_timeout);
        origin
    }

    /// The shared h2 connection, if there is a live one.
    pub fn h2(&self) -> Option<http2::SendRequest<Full<Bytes>>> {
        let mut slot = self.h2.lock().unwrap_or_else(PoisonError::into_inner);
        match slot.as_ref() {
            Some(tx) if !tx.is_closed() => Some(tx.clone()),
            Some(_) => {
                *slot = None;
                None
            }
            None => None,
        }
    }

    /// Makes `tx` the origin's shared h2 connection (a racing dial may replace another: both stay usable
    /// by the requests that hold them, and the replaced one closes when they are done).
    pub fn set_h2(&self, tx: http2::SendRequest<Full<Bytes>>) {
        *self.h2.lock().unwrap_or_else(PoisonError::into_inner) = Some(tx);
    }

    /// The most recently used idle HTTP/1.1 connection that is neither closed nor stale.
    pub fn take_idle(&self) -> Option<Conn1> {
        loop {
            let mut c = {
                let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
                let c = idle.pop()?;
                if c.since.elapsed() >= self.idle_timeout {
                    // The rest are older still.
                    idle.clear();
                    return None;
                }
                c
            };
            // Outside the lock: this reads whatever the upstream sent meanwhile (a close, most likely).
            if c.conn.driver.check_alive() && !c.conn.tx.is_closed() {
                return Some(c.conn);
            }
        }
    }

    /// Returns a connection whose response was read to its end. Its I/O is not polled here: checkout does
    /// that (which also readies it for the next request), so a connection reused at once is polled once.
    pub fn put_idle(&self, conn: Conn1) {
        if conn.tx.is_closed() {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < MAX_IDLE_PER_ORIGIN {
            idle.push(Idle {
                conn,
                since: Instant::now(),
            });
        }
    }

    /// Drops idle connections that are stale or that the upstream closed (their sockets close with them).
    fn sweep(&self) {
        let timeout = self.idle_timeout;
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain_mut(|c| c.since.elapsed() < timeout && c.conn.driver.check_alive());
    }
}

/// Closes idle connections once they pass the idle timeout even when no request comes to take them. The
/// task holds the origin weakly and ends with it (a reload drops the previous snapshot's origins).
fn spawn_sweeper(origin: Weak<Origin>, idle_timeout: Duration) {
    let Ok(rt) = tokio::runtime::Handle::try_current() else {
        // Outside a runtime (a unit test building a snapshot) nothing sweeps; checkout still skips stale ones.
        return;
    };
    let period = idle_timeout.max(Duration::from_secs(1));
    rt.spawn(async move {
        let mut tick = tokio::time::interval(period);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await;
        loop {
            tick.tick().await;
            match origin.upgrade() {
                Some(o) => o.sweep(),
                None => return,
            }
        }
    });
}
