//! The workspace's cross-crate tests, one binary (`autotests = false`): the
//! checked-in hazard list against both methods of `beatty-hazards` and the
//! float solutions, and the judge library against the games' brute force and
//! testlib's comparisons.

mod hazards;
mod judge;
