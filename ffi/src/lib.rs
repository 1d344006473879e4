//! The foreign-language API (Kotlin, Swift, Python) of `dama-core` through uniffi: a thin
//! layer over [`dama_core::Session`] and the AI that speaks in labels and strings and returns
//! one error type. A panic never crosses the boundary: uniffi catches it and the caller gets
//! its internal-error exception.
//!
//! Threading contract: every object is `Send + Sync`. A [`GameSession`] serialises its
//! calls with a lock; [`AiPlayer`] methods block for the length of a search and are meant for
//! a background thread: they copy the session's position first, so the session stays usable
//! (and the UI responsive) while the AI thinks. A [`SearchCancel`] may be triggered from any
//! thread; the search then returns [`DamaError::Cancelled`].

#![deny(missing_docs)]

// The bindings keep the namespace `dama_core`: Python imports `dama_core`, Kotlin reads
// `dama_core.kt`, whatever the Rust crate is called.
uniffi::setup_scaffolding!("dama_core");

mod ai;
mod error;
mod session;
mod types;

pub use ai::{AiPlayer, SearchCancel};
pub use error::DamaError;
pub use session::GameSession;
pub use types::*;
