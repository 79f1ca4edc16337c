//! beatty-games' integration tests, one binary (`autotests = false`): each
//! module checks a game's closed forms against brute force over its rules or
//! against published values.

mod awythoff_complete;
mod edges;
mod euclid_brute_force;
mod fibonacci_nim_brute_force;
mod moves_by_rules;
mod wythoff_big;
mod wythoff_grundy_oeis;
