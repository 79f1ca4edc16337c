//! beatty-core's integration tests, one binary (`autotests = false`): each
//! module checks one part of the crate against definitions and independent
//! implementations (`common` holds the oracles they share). The exhaustive
//! test of `golden::lower` over 0..=10⁹ is `#[ignore]`d:
//! `cargo test --release -p beatty-core --test it -- --ignored`.

mod common;
mod edges;
mod golden;
mod isqrt;
mod pairs;
mod quadratic;
mod quadratic_edges;
mod zeckendorf;
