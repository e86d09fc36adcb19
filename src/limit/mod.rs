//! Elicitation rate limits (governor) and round budgets.
//!
//! CONTRACT: [`check_round`] is the round budget per call chain, counted in the
//! envelope: rounds `1..=max` pass, `max + 1` and beyond are blocked, `max = 0` allows no elicitation at all
//! (rule `limit.rounds`, no retry-after: waiting does not help). [`ElicitLimiter`] counts elicitations per
//! (route, principal) and per route in total, with burst and per-minute rate (rules `limit.rate.principal`,
//! `limit.rate.route`, `limit.rate.overflow`), and says how long to wait. Both give [`LimitError`], which the
//! proxy turns into a `-32011` error with `data.retryAfterSeconds` when there is one.

mod rate;
mod rounds;

pub use rate::{ElicitLimiter, RateConfig, Scope, MAX_TRACKED_KEYS, PRUNE_MIN_INTERVAL};
pub use rounds::{check_round, DEFAULT_MAX_ROUNDS};

/// Why an elicitation round was blocked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// The call chain used up its round budget.
    #[error("round {round} exceeds the budget of {max} elicitation rounds per call")]
    Rounds {
        /// The round that was attempted (1-based).
        round: u32,
        /// The budget.
        max: u32,
    },
    /// A rate limit was hit.
    #[error("elicitation rate limit per {scope} reached; retry after {retry_after_seconds} s")]
    Rate {
        /// Which limit.
        scope: Scope,
        /// Whole seconds until one more elicitation would pass (at least 1).
        retry_after_seconds: u64,
    },
}

impl LimitError {
    /// Stable rule id for findings, metrics and error data.
    pub fn rule(&self) -> &'static str {
        match self {
            LimitError::Rounds { .. } => "limit.rounds",
            LimitError::Rate { scope, .. } => scope.rule(),
        }
    }

    /// Seconds worth waiting, for `data.retryAfterSeconds`; `None` when waiting does not help.
    pub fn retry_after_seconds(&self) -> Option<u64> {
        match self {
            LimitError::Rounds { .. } => None,
            LimitError::Rate {
                retry_after_seconds,
                ..
            } => Some(*retry_after_seconds),
        }
    }
}
