//! A `#![no_std]` library (with `alloc`) that uses beatty-core and
//! beatty-games without its default `std` feature.
//!
//! It defines the panic handler: had any crate of its dependency graph linked
//! `std`, which defines one too, the build would fail with "duplicate lang
//! item `panic_impl`". So a successful `cargo build` of this crate on a host
//! target (which has std) shows that no dependency links std — the check CI
//! can make without a target that has no std installed.
#![no_std]

extern crate alloc;

use alloc::vec::Vec;
use beatty_games::{Outcome, wythoff};

/// The Wythoff pairs with index below `n`, and whether each is lost for the
/// player to move (always), by two crates.
#[must_use]
pub fn lost_pairs(n: u64) -> Vec<((u64, u64), bool)> {
    (0..n)
        .filter_map(beatty_core::golden::pair)
        .map(|(a, b)| ((a, b), wythoff::outcome(a, b) == Outcome::P))
        .collect()
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {
        core::hint::spin_loop();
    }
}
