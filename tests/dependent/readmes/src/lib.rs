//! The README of each beatty library crate, its examples run as this
//! crate's doc tests (`cargo test --doc`): what a stranger pastes into a new
//! project, built as that project builds it (a debug build, the crates by
//! path). An example that stops compiling, or fails, or becomes slow in a
//! debug build, shows here.
//!
//! To add a crate: a dependency in Cargo.toml and one item below.

/// beatty-core's README.
#[doc = include_str!("../../../../crates/core/README.md")]
pub struct Core;

/// beatty-float's README.
#[doc = include_str!("../../../../crates/float/README.md")]
pub struct Float;

/// beatty-games' README.
#[doc = include_str!("../../../../crates/games/README.md")]
pub struct Games;

/// beatty-hazards' README.
#[doc = include_str!("../../../../crates/hazards/README.md")]
pub struct Hazards;

/// beatty-problems' README.
#[doc = include_str!("../../../../crates/problems/README.md")]
pub struct Problems;

/// beatty-judge's README.
#[doc = include_str!("../../../../crates/judge/README.md")]
pub struct Judge;

/// beatty-sandbox's README (the crate is Linux-only: elsewhere it is empty).
#[cfg(target_os = "linux")]
#[doc = include_str!("../../../../crates/sandbox/README.md")]
pub struct Sandbox;
