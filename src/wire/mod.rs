//! MCP on the wire, no I/O: strict JSON parsing, the protocol era, where elicitations hide, and SSE framing.

pub mod asked;
pub mod carrier;
pub mod digest;
pub mod era;
pub mod finding;
pub mod prefilter;
pub mod skim;
pub mod sse;
pub mod strict;
pub mod tree;
pub use carrier::{find_carriers, Carrier, CarrierKind, InputEntry, InputMethod};
pub use era::{classify_request, ClientModes, Era, RequestInfo};
pub use skim::{skim_request, Skimmed};
