//! The round budget: how many `input_required` rounds one call chain may go through.

use super::LimitError;

/// Default `limits.max_rounds`: a little under the SDK clients' own default of 10, so the gateway's clear
/// `-32011` error arrives before a client gives up with its own.
pub const DEFAULT_MAX_ROUNDS: u32 = 8;

/// Whether `round` (1-based, the first `input_required` of a call is round 1) fits a budget of `max_rounds`.
/// Round 0 is a caller bug and is refused, failing closed.
pub fn check_round(round: u32, max_rounds: u32) -> Result<(), LimitError> {
    if round == 0 || round > max_rounds {
        return Err(LimitError::Rounds {
            round,
            max: max_rounds,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_table() {
        // (round, max, passes)
        let cases = [
            (1, 8, true),
            (8, 8, true),
            (9, 8, false),
            (1, 1, true),
            (2, 1, false),
            (1, 0, false),
            (0, 0, false),
            (0, 8, false),
            (u32::MAX, u32::MAX, true),
        ];
        for (round, max, pass) in cases {
            assert_eq!(
                check_round(round, max).is_ok(),
                pass,
                "round {round} of {max}"
            );
        }
        let err = check_round(9, 8).unwrap_err();
        assert_eq!(err.rule(), "limit.rounds");
        assert_eq!(err.retry_after_seconds(), None);
    }
}
