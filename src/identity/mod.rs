//! The principal: who is asking, from a verified JWT (issuer + subject), never from a client's word.
