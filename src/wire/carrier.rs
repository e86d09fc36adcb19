//! Where an elicitation hides in a message from the upstream: the carriers and their input entries.
