//! The problems library's integration tests, one binary (`autotests = false`):
//! its public API as a dependent crate sees it.

mod edges;
mod text_and_verdicts;
mod validate_messages;
