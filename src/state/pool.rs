//! Random bytes drawn from the system DRBG ahead of need, for the keyring's nonces and envelope ids.
//!
//! Why: every call into aws-lc's `RAND_bytes` re-keys its CTR-DRBG after generating (an AES key schedule and
//! a few blocks), a fixed cost whatever the length asked; a `requestState` needs 28 bytes. Drawn
//! [`DRAWS`] envelopes' worth at a time, one call serves that many. The bytes are the DRBG's output unchanged, each
//! handed out once and wiped from the pool as it is taken, so every nonce and id stays an independent fresh
//! random value, as if drawn alone; what the pool holds at any time is at most [`POOL_BYTES`] of output not
//! yet used (never a key). No `fork` happens in the gateway, the one event after which a pool in memory
//! would repeat bytes in two processes.

use std::sync::Mutex;

/// Bytes taken per `requestState` envelope (a nonce and an id): what sizes the pool.
pub(super) const TAKE: usize = aws_lc_rs::aead::NONCE_LEN + super::ID_BYTES;

/// Envelopes served per draw. Larger saves little more (the re-key is then a few percent of sealing) and
/// keeps more unused output in memory.
const DRAWS: usize = 32;

/// The pool's bound: the most unused DRBG output held.
const POOL_BYTES: usize = TAKE * DRAWS;

/// The pool: `bytes[next..]` not handed out yet, `bytes[..next]` zero.
pub(super) struct Pool {
    inner: Mutex<Inner>,
}

struct Inner {
    bytes: [u8; POOL_BYTES],
    next: usize,
}

/// The DRBG failed to fill the pool.
#[derive(Debug, Clone, Copy)]
pub(super) struct DrawFailed;

impl Pool {
    /// An empty pool: the first [`Pool::take`] draws.
    pub(super) fn new() -> Pool {
        Pool {
            inner: Mutex::new(Inner {
                bytes: [0; POOL_BYTES],
                next: POOL_BYTES,
            }),
        }
    }

    /// `N` random bytes never handed out before (`N` at most the pool; a larger `N` does not compile).
    pub(super) fn take<const N: usize>(&self) -> Result<[u8; N], DrawFailed> {
        const { assert!(N <= POOL_BYTES) };
        // A panic while the lock was held cannot leave bytes handed out twice (they are zeroed as they are
        // copied, and `next` moves after), but a pool in an unknown state is not trusted: draw directly.
        let Ok(mut inner) = self.inner.lock() else {
            let mut out = [0; N];
            aws_lc_rs::rand::fill(&mut out).map_err(|_| DrawFailed)?;
            return Ok(out);
        };
        if inner.next + N > POOL_BYTES {
            aws_lc_rs::rand::fill(&mut inner.bytes).map_err(|_| DrawFailed)?;
            inner.next = 0;
        }
        let at = inner.next;
        let part = inner.bytes.get_mut(at..at + N).ok_or(DrawFailed)?;
        let out: [u8; N] = (&*part).try_into().map_err(|_| DrawFailed)?;
        part.fill(0);
        inner.next = at + N;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn takes_are_distinct_across_refills_and_wiped_from_the_pool() {
        let pool = Pool::new();
        let mut seen = HashSet::new();
        // Several refills; 224 random bits each, so a repeat would be a broken pool, not chance.
        for i in 0..DRAWS * 5 + 3 {
            let t = pool.take::<TAKE>().unwrap();
            assert!(seen.insert(t), "take {i} repeated an earlier one");
            let inner = pool.inner.lock().unwrap();
            assert!(inner.bytes[..inner.next].iter().all(|&b| b == 0));
            assert_eq!(inner.next, (i % DRAWS + 1) * TAKE);
        }
    }
}
