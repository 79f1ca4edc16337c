//! The Kattis package of an interactive game problem (`wythoff-play`, …):
//! the same layout and overwrite policy as a batch package
//! ([`super::write_package`]), with the interactor as the output validator.
//!
//! | path | what |
//! |---|---|
//! | `problem.yaml` | legacy format, `validation: custom interactive` (problemtools and DOMjudge read it alike) |
//! | `problem_statement/problem.en.tex` | the game and the protocol |
//! | `data/sample/01-samples.{in,ans,interaction}` | the samples (`interact::starts::samples`), the `.interaction` played by [`solution::interaction`] |
//! | `data/secret/*.{in,ans}` | one test a start profile ([`write_play_testset`]); `.ans` empty |
//! | `input_validators/validate.py` | accepts exactly what [`starts::parse`] accepts |
//! | `output_validators/interactor/interactor.py` | [`interactor`]: the referee and the opponent again, in Python 3 |
//! | `submissions/…` | the archetypes of [`archetypes::ALL`], and `accepted/exact.cpp`, `accepted/Exact.java` |
//!
//! The interactor is a second implementation of [`beatty_problems::interact::Referee`]
//! and of `beatty_games::opponent` (with the hazard hook: the listed hazard
//! indices are written into it), held to them by the differential test
//! `tests/it/interactor.rs`; `docs/interactive.md` says what it covers.

use super::{
    Fail, MEMORY_LIMIT_MIB, Options, PackageError, RIGHTS_OWNER, Written, install, io_at, uuid,
    write_zip, yaml_string,
};
use crate::testset::write_play_testset;
use beatty_problems::interact::{Game, archetypes, solution, starts};
use std::path::Path;

/// The body of the interactor (the header says which game).
const INTERACTOR: &str = include_str!("interactor.py");
/// The body of the input validator.
const VALIDATOR: &str = include_str!("play_validator.py");
/// The correct C++ contestant (`@GAME@` names the game).
const EXACT_CPP: &str = include_str!("play/exact.cpp");
/// The correct Java contestant (`@GAME@` names the game).
const EXACT_JAVA: &str = include_str!("play/Exact.java");

/// The game's name inside the Python and C++ sources.
fn code(game: Game) -> &'static str {
    match game {
        Game::Wythoff => "wythoff",
        Game::Euclid => "euclid",
        Game::Bash => "bash",
        Game::FibonacciNim => "fib",
    }
}

/// The title of the problem.
#[must_use]
pub fn title(game: Game) -> &'static str {
    match game {
        Game::Wythoff => "Wythoff's Game, Played",
        Game::Euclid => "Euclid's Game, Played",
        Game::Bash => "Bash's Game, Played",
        Game::FibonacciNim => "Fibonacci Nim, Played",
    }
}

/// The interactor of `game`: a self-contained Python 3 program with the Kattis
/// interface (`interactor input answer feedback_dir < contestant_output >
/// contestant_input`; exit 42 AC, 43 WA, the reason in `judgemessage.txt`).
/// For Wythoff's game it holds the hazard indices of `lower_f64` up to 10¹⁰
/// that the opponent's hook aims at (computed once, a few seconds).
///
/// ```
/// use beatty_problems::interact::Game;
/// let src = beatty_judge::package::interactive::interactor(Game::Bash);
/// assert!(src.starts_with("#!/usr/bin/env python3\n"));
/// assert!(src.contains("GAME = \"bash\"\nHAZARDS = []\n"));
/// ```
#[must_use]
pub fn interactor(game: Game) -> String {
    let hazards = match game {
        Game::Wythoff => beatty_problems::interact::HazardInterest::listed()
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    };
    format!(
        "#!/usr/bin/env python3\n# The interactor of {}, written by `judge package`.\nGAME = \"{}\"\nHAZARDS = [{hazards}]\n{INTERACTOR}",
        game.name(),
        code(game)
    )
}

/// The input validator of `game` (Kattis interface: exit 42 valid, 43 not):
/// it accepts exactly what [`starts::parse`] accepts.
#[must_use]
pub fn input_validator(game: Game) -> String {
    format!(
        "#!/usr/bin/env python3\n# The input validator of {}, written by `judge package`.\nGAME = \"{}\"\n{VALIDATOR}",
        game.name(),
        code(game)
    )
}

/// `problem.yaml` (legacy format): `validation: custom interactive`, which
/// problemtools and DOMjudge's importer both read as an interactive problem.
///
/// ```
/// use beatty_problems::interact::Game;
/// let y = beatty_judge::package::interactive::problem_yaml(Game::Euclid);
/// assert!(y.contains("\nvalidation: custom interactive\n"));
/// ```
#[must_use]
pub fn problem_yaml(game: Game) -> String {
    format!(
        "name: {}\nuuid: {}\nsource: \"beatty\"\n\
         # The statement text, data, validators and submissions are by {RIGHTS_OWNER},\n\
         # licensed under MIT or Apache-2.0 (the beatty repository's LICENSE-MIT and\n\
         # LICENSE-APACHE); `educational` is the nearest value this format allows.\n\
         license: educational\nrights_owner: {}\n\
         # The output validator is the interactor (Kattis and DOMjudge: an output\n\
         # validator in interactive mode).\n\
         validation: custom interactive\n\
         limits:\n  time_multiplier: 5\n  time_safety_margin: 2\n  memory: {MEMORY_LIMIT_MIB}\n",
        yaml_string(title(game)),
        uuid(game.name()),
        yaml_string(RIGHTS_OWNER),
    )
}

/// The statement in LaTeX: the game, the protocol, the limits.
#[must_use]
pub fn statement_tex(game: Game) -> String {
    let (rules, start, limits, moves, sentinel) = match game {
        Game::Wythoff => (
            "There are two piles of stones. A move takes any positive number of stones from one pile, or the same positive number from both piles. The player who cannot move loses.",
            "two integers $a$ and $b$, the piles",
            "$0 \\le a, b \\le 10^{18}$",
            "the position your move leads to, two integers $a'$ $b'$, the piles in the order of the start",
            "\\texttt{0 0}",
        ),
        Game::Euclid => (
            "There are two non-negative integers. A move subtracts a positive multiple of the smaller number from the larger, keeping it non-negative. The player who makes a number 0 wins; a player facing a 0 has no move and has lost.",
            "two integers $a$ and $b$",
            "$0 \\le a, b \\le 10^{18}$",
            "the position your move leads to, two integers $a'$ $b'$, in the order of the start",
            "\\texttt{0 0}",
        ),
        Game::Bash => (
            "There is a pile of $n$ stones. A move takes 1 to $m$ stones (at most what is left). The player who takes the last stone wins.",
            "two integers $n$ and $m$",
            "$0 \\le n \\le 10^{18}$, $1 \\le m \\le 10^{18}$, $\\lfloor n/(m+1) \\rfloor \\le 100$",
            "the number of stones you take",
            "\\texttt{0}",
        ),
        Game::FibonacciNim => (
            "There is a pile of $n$ stones. The first move takes 1 to $n-1$ stones; every later move takes at least one stone and at most twice the number of stones the previous move took. The player who takes the last stone wins.",
            "one integer $n$",
            "$2 \\le n \\le 10^{18}$",
            "the number of stones you take",
            "\\texttt{0}",
        ),
    };
    let slow = if game == Game::FibonacciNim {
        " A game not over after $\\min(n, 400)$ moves (both players' counted) is lost: take many stones at a time."
    } else {
        ""
    };
    format!(
        "\\problemname{{{}}}\n\n{rules} You play against the judge, who never errs: choose your side, then win every game.\n\n\
         \\section*{{Interaction}}\n\n\
         Every line ends with a newline; numbers are written in decimal without sign or leading zero. Flush your output after every line.\n\n\
         \\begin{{enumerate}}\n\
         \\item The judge sends $T$ ($1 \\le T \\le 1000$), the number of games.\n\
         \\item For each game the judge sends its start: {start} ({limits}).\n\
         \\item You answer \\texttt{{First}} (you move first) or \\texttt{{Second}}, spelt so.\n\
         \\item Moves alternate, the first player first, one line each: {moves}.\n\
         \\item When your move leaves the judge without a move, you have won the game: the judge sends {sentinel}, then the next game's start (nothing after the last game). The judge's own moves never read like this line.\n\
         \\item At your first mistake (a malformed line, an illegal move, the losing side, a move after which the judge wins) the judge sends \\texttt{{-1}} and reads no more: exit at once.\n\
         \\item After the last game, exit: do not read on to the end of your input (the judge keeps it open until you exit: a program that waits for more input meets the time limit). Anything but blank lines written after the last game is a mistake.\n\
         \\end{{enumerate}}\n\n\
         Every start has a winning side, and a correct program wins every game.{slow} Lines longer than 128 characters are mistakes.\n",
        title(game)
    )
}

/// Writes the package of the interactive `game` at `out` (a directory, or a
/// zip with [`Options::zip`]), with the overwrite policy of
/// [`super::write_package`].
///
/// # Errors
///
/// As [`super::write_package`].
pub fn write_play_package(game: Game, out: &Path, opts: &Options) -> Result<Written, PackageError> {
    let super::Format::Kattis = opts.format;
    let ((files, bytes), warning) = install(out, opts, "package", |tmp| {
        let root = tmp.join("package");
        let counted = write_tree(game, &root, opts.seed)?;
        if opts.zip {
            let z = tmp.join("package.zip");
            write_zip(&root, &z)?;
            Ok((counted, z))
        } else {
            Ok((counted, root))
        }
    })?;
    Ok(Written {
        path: out.to_owned(),
        files,
        bytes,
        warning,
    })
}

/// Every file of the package but the secret data, as (path, contents).
///
/// # Errors
///
/// The samples' starts refused by the referee (a bug).
fn files(game: Game) -> Result<Vec<(String, Vec<u8>)>, beatty_problems::interact::StartError> {
    let samples = starts::samples(game);
    let (interaction, _) = solution::interaction(&samples, 1)?;
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("problem.yaml".into(), problem_yaml(game).into_bytes()),
        (
            "problem_statement/problem.en.tex".into(),
            statement_tex(game).into_bytes(),
        ),
        (
            "input_validators/validate.py".into(),
            input_validator(game).into_bytes(),
        ),
        (
            "output_validators/interactor/interactor.py".into(),
            interactor(game).into_bytes(),
        ),
        (
            "data/sample/01-samples.in".into(),
            starts::write(&samples, 1).into_bytes(),
        ),
        ("data/sample/01-samples.ans".into(), Vec::new()),
        (
            "data/sample/01-samples.interaction".into(),
            interaction.into_bytes(),
        ),
        (
            "submissions/accepted/exact.cpp".into(),
            EXACT_CPP.replace("@GAME@", code(game)).into_bytes(),
        ),
        (
            "submissions/accepted/Exact.java".into(),
            EXACT_JAVA.replace("@GAME@", code(game)).into_bytes(),
        ),
    ];
    for a in archetypes::ALL {
        files.push((a.path.to_owned(), a.source(game).into_bytes()));
    }
    Ok(files)
}

/// Writes the package tree into `root`; returns the number of files and bytes.
fn write_tree(game: Game, root: &Path, seed: u64) -> Result<(usize, u64), Fail> {
    let secret = root.join("data").join("secret");
    let names = write_play_testset(game, &secret, seed).map_err(Fail::Testset)?;
    let (mut count, mut bytes) = (0, 0);
    for name in names {
        let input = secret.join(format!("{name}.in"));
        bytes += std::fs::metadata(&input).map_err(io_at(&input))?.len();
        let answer = secret.join(format!("{name}.ans"));
        std::fs::write(&answer, b"").map_err(io_at(&answer))?;
        count += 2;
    }
    let files = files(game).map_err(|e| {
        Fail::Io(
            root.join("data/sample"),
            std::io::Error::other(e.to_string()),
        )
    })?;
    for (rel, contents) in files {
        let path = root.join(&rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io_at(dir))?;
        }
        std::fs::write(&path, &contents).map_err(io_at(&path))?;
        count += 1;
        bytes += contents.len() as u64;
    }
    Ok((count, bytes))
}
