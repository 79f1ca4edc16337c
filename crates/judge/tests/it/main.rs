//! The judge library's integration tests, one binary (`autotests = false`):
//! its public API as a dependent crate sees it. The command line's tests are in
//! `crates/cli/tests`.

mod edges;
mod interactor;
