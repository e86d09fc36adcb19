//! The protocol era of a client request and the input modes the client declared.
