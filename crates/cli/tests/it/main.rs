//! The command line's integration tests, one binary (`autotests = false`):
//! each module runs `judge` (`CARGO_BIN_EXE_judge`) as a user would. The
//! programs they judge live beside this folder: `submissions/` (one per
//! verdict), `hostile/` (programs that attack the sandbox) and `fair/`
//! (correct programs that look like attacks).

mod accepted;
mod allow_calls;
mod allow_files;
mod allow_identity;
mod cli;
mod common;
mod e2e;
mod fresh_root;
mod hack;
mod help;
mod hostile;
mod interactive;
mod languages;
mod package;
mod play;
mod plot;
mod run_source;
mod testset;
