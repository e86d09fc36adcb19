//! Listeners and TLS, the request pipeline, the upstream client, the response filter, errors as responses.
