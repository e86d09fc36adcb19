//! Elicitation rate limits (governor) and round budgets.
