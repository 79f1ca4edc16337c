//! `judge play` (being written).
use clap::Args;
use std::process::ExitCode;
pub const HELP: &str = "";
#[derive(Args, Debug)]
pub struct PlayArgs {}
pub fn run(_: &PlayArgs) -> ExitCode {
    ExitCode::SUCCESS
}
