use clap::{Parser, Subcommand};

/// Exact solver, validator, checker, generator and local judge for the golden-ratio game problems.
#[derive(Parser)]
#[command(name = "judge", version, about)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// List the problems and their aliases.
    Problems,
}

fn main() {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Problems => {
            for (name, aliases) in beatty_judge::PROBLEMS {
                println!("{name}\t{}", aliases.join(", "));
            }
        }
    }
}
