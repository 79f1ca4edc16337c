//! `judge hazards`: every input in a range where a float formula of `beatty-float` is wrong.
//!
//! The library work lives in `beatty_float::hazards` (the error bound, the proof that
//! every disagreement is a candidate, the sweep and the three-distance enumeration); this
//! module is the command around it: options, text and JSON output, the summary line and
//! a progress bar for sweeps.
//!
//! For `lower-f64` (and `is-p-position-f64`, whose mistakes are the same k) each hazard k
//! prints the exact ⌊kφ⌋, the float value, the Wythoff P-position (⌊kφ⌋, ⌊kφ⌋ + k) that
//! float solutions judge a win, the N-position (float, float + k) they judge a loss, and
//! whether all piles are within the POJ 1067 limit 10⁹. `lower-f32` fails too often to
//! list: it reports the first failing k and the count. `classify-f64` lists each
//! misclassified number with both classifications.

use beatty_float::hazards;
use clap::{Args, ValueEnum};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// How to find the hazards.
///
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Visit every input, in parallel on all cores.
    Sweep,
    /// Walk only the candidates the error bound allows, then confirm each exactly.
    Enumerate,
}

/// Which float formula to check.
///
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Formula {
    /// `lower_f64(k)` against ⌊kφ⌋, with the misjudged Wythoff positions.
    LowerF64,
    /// `is_p_position_f64`: the same k as `lower-f64`, the positions are the output.
    IsPPositionF64,
    /// `lower_f32(k)` against ⌊kφ⌋: first failing k and how many fail.
    LowerF32,
    /// `classify_f64(a)` against the exact classification of a.
    ClassifyF64,
}

/// Output format.
///
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per hazard and a summary line.
    Text,
    /// One JSON object: the hazards and the summary.
    Json,
}

/// Options of `judge hazards`.
#[derive(Args, Clone, Debug)]
pub struct HazardsArgs {
    /// How to find them: visit every input, or walk the candidates only.
    #[arg(long, value_enum, default_value_t = Method::Enumerate)]
    pub method: Method,
    /// First input of the range.
    #[arg(long, default_value_t = 0)]
    pub from: u64,
    /// Last input of the range (inclusive).
    #[arg(long, default_value_t = 1_000_000_000)]
    pub to: u64,
    /// The float formula to check.
    #[arg(long, value_enum, default_value_t = Formula::LowerF64)]
    pub formula: Formula,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the summary (for huge ranges such as --to 1000000000000).
    #[arg(long)]
    pub count_only: bool,
}

/// What a run found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// How many inputs were checked.
    pub checked: u64,
    /// How many are wrong.
    pub count: u64,
    /// The first wrong input.
    pub first: Option<u64>,
    /// For `lower-f64`/`is-p-position-f64`: how many hazards misjudge positions with every
    /// pile ≤ 10⁹ (listed hazards only; 0 with `--count-only`).
    pub inside_limits: u64,
}

/// Runs `judge hazards` on stdout (progress bar on stderr when it is a terminal and the
/// method is a sweep); errors go to stderr with a non-zero exit code.
#[must_use]
pub fn run(args: &HazardsArgs) -> ExitCode {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let progress = io::stderr().is_terminal();
    match run_to(args, &mut out, progress).and_then(|_| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("judge hazards: {e}");
            ExitCode::from(2)
        }
    }
}

/// [`run`] writing to `out`; `progress` turns the sweep's progress bar on stderr on.
///
/// Errors: an empty range (`--from` > `--to`) is `InvalidInput`; write errors pass through.
pub fn run_to(args: &HazardsArgs, out: &mut dyn Write, progress: bool) -> io::Result<Summary> {
    if args.from > args.to {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "empty range: --from {} is greater than --to {}",
                args.from, args.to
            ),
        ));
    }
    let range = args.from..=args.to;
    let checked = (args.to - args.from).saturating_add(1);
    let bar = (progress && args.method == Method::Sweep).then(|| {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(checked),
            indicatif::ProgressDrawTarget::stderr(),
        );
        bar.set_message("sweeping");
        bar
    });
    let tick = |n: u64| {
        if let Some(bar) = &bar {
            bar.inc(n);
        }
    };
    let mut w = Writer::new(out, args);
    let summary = match args.formula {
        Formula::LowerF64 | Formula::IsPPositionF64 => {
            let list = match (args.method, args.count_only) {
                (Method::Enumerate, true) => {
                    let count = hazards::count(range);
                    w.summary(Summary {
                        checked,
                        count,
                        first: None,
                        inside_limits: 0,
                    })?;
                    return Ok(Summary {
                        checked,
                        count,
                        first: None,
                        inside_limits: 0,
                    });
                }
                (Method::Enumerate, false) => hazards::enumerate(range),
                (Method::Sweep, _) => hazards::sweep_with_progress(range, &tick),
            };
            let mut inside = 0;
            for &k in &list {
                let c = hazards::consequence(k);
                inside += u64::from(c.inside_limits);
                if !args.count_only {
                    w.lower_hazard(&c)?;
                }
            }
            Summary {
                checked,
                count: list.len() as u64,
                first: list.first().copied(),
                inside_limits: inside,
            }
        }
        Formula::LowerF32 => {
            // Failures are dense: both methods visit every k.
            let s = hazards::lower_f32_summary_with_progress(range, &tick);
            if let (Some(k), false) = (s.first, args.count_only) {
                w.f32_first(k)?;
            }
            Summary {
                checked,
                count: s.count,
                first: s.first,
                inside_limits: 0,
            }
        }
        Formula::ClassifyF64 => {
            let list = match args.method {
                Method::Enumerate => hazards::classify_f64_enumerate(range),
                Method::Sweep => hazards::classify_f64_sweep_with_progress(range, &tick),
            };
            if !args.count_only {
                for &a in &list {
                    w.classify_hazard(a)?;
                }
            }
            Summary {
                checked,
                count: list.len() as u64,
                first: list.first().copied(),
                inside_limits: 0,
            }
        }
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    w.summary(summary)?;
    Ok(summary)
}

fn formula_name(f: Formula) -> &'static str {
    match f {
        Formula::LowerF64 => "lower-f64",
        Formula::IsPPositionF64 => "is-p-position-f64",
        Formula::LowerF32 => "lower-f32",
        Formula::ClassifyF64 => "classify-f64",
    }
}

fn method_name(m: Method) -> &'static str {
    match m {
        Method::Sweep => "sweep",
        Method::Enumerate => "enumerate",
    }
}

/// Writes items as text lines or as the elements of a JSON array, then the summary.
struct Writer<'a> {
    out: &'a mut dyn Write,
    args: &'a HazardsArgs,
    items: u64,
}

impl<'a> Writer<'a> {
    fn new(out: &'a mut dyn Write, args: &'a HazardsArgs) -> Self {
        Writer {
            out,
            args,
            items: 0,
        }
    }

    fn item(&mut self, text_header: &str, text: String, json: serde_json::Value) -> io::Result<()> {
        match self.args.format {
            Format::Text => {
                if self.items == 0 {
                    writeln!(self.out, "# {text_header}")?;
                }
                writeln!(self.out, "{text}")?;
            }
            Format::Json => {
                let sep = if self.items == 0 {
                    format!(
                        "{{\"formula\":\"{}\",\"method\":\"{}\",\"from\":{},\"to\":{},\"hazards\":[\n",
                        formula_name(self.args.formula),
                        method_name(self.args.method),
                        self.args.from,
                        self.args.to
                    )
                } else {
                    ",\n".to_owned()
                };
                write!(self.out, "{sep}{json}")?;
            }
        }
        self.items += 1;
        Ok(())
    }

    fn lower_hazard(&mut self, c: &hazards::Consequence) -> io::Result<()> {
        let limits = if c.inside_limits { "inside" } else { "outside" };
        let text = format!(
            "{} {} {} ({},{}) ({},{}) {limits}",
            c.k, c.exact, c.float, c.p_position.0, c.p_position.1, c.n_position.0, c.n_position.1
        );
        // u128 values are written as JSON numbers via their decimal text (exact, no rounding).
        let json = serde_json::json!({
            "k": c.k,
            "exact": num(c.exact),
            "float": c.float,
            "p_position": [num(c.p_position.0), num(c.p_position.1)],
            "n_position": [num(c.n_position.0), num(c.n_position.1)],
            "inside_limits": c.inside_limits,
        });
        self.item(
            "k exact float misjudged-P-position misjudged-N-position inside/outside-1e9",
            text,
            json,
        )
    }

    fn f32_first(&mut self, k: u64) -> io::Result<()> {
        let exact = beatty_core::golden::lower_wide(k);
        let float = beatty_float::lower_f32(k);
        let text = format!("{k} {exact} {float}");
        let json =
            serde_json::json!({ "k": k, "exact": num(exact), "float": float, "first": true });
        self.item(
            "first failing k, exact, float (single precision fails too often to list)",
            text,
            json,
        )
    }

    fn classify_hazard(&mut self, a: u64) -> io::Result<()> {
        let exact = format!("{:?}", beatty_core::golden::classify(a));
        let float = format!("{:?}", beatty_float::classify_f64(a));
        let text = format!("{a} {exact} {float}");
        let json = serde_json::json!({ "a": a, "exact": exact, "float": float });
        self.item("a exact-classification float-classification", text, json)
    }

    fn summary(&mut self, s: Summary) -> io::Result<()> {
        let formula = formula_name(self.args.formula);
        // lower-f32 always sweeps (its failures are dense).
        let method = match self.args.formula {
            Formula::LowerF32 => "sweep",
            _ => method_name(self.args.method),
        };
        match self.args.format {
            Format::Text => {
                let first = s.first.map_or_else(|| "none".to_owned(), |k| k.to_string());
                write!(
                    self.out,
                    "summary: {formula} by {method} on {}..={}: {} of {} wrong, first {first}",
                    self.args.from, self.args.to, s.count, s.checked
                )?;
                if matches!(
                    self.args.formula,
                    Formula::LowerF64 | Formula::IsPPositionF64
                ) && !self.args.count_only
                {
                    write!(
                        self.out,
                        ", {} with both misjudged positions inside 10^9",
                        s.inside_limits
                    )?;
                }
                writeln!(self.out)
            }
            Format::Json => {
                if self.items == 0 {
                    write!(
                        self.out,
                        "{{\"formula\":\"{formula}\",\"method\":\"{method}\",\"from\":{},\"to\":{},\"hazards\":[",
                        self.args.from, self.args.to
                    )?;
                }
                let summary = serde_json::json!({
                    "checked": s.checked,
                    "count": s.count,
                    "first": s.first,
                    "inside_limits": s.inside_limits,
                });
                writeln!(self.out, "],\n\"summary\":{summary}}}")
            }
        }
    }
}

/// A `u128` as a JSON number (exact: serde_json keeps integers as written).
fn num(v: u128) -> serde_json::Value {
    match u64::try_from(v) {
        Ok(v) => v.into(),
        Err(_) => serde_json::Value::String(v.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_lower_f64_by_enumeration_on_0_to_1e9() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            hazards: HazardsArgs,
        }
        let cli = Cli::parse_from(["judge"]);
        assert_eq!((cli.hazards.from, cli.hazards.to), (0, 1_000_000_000));
        assert_eq!(cli.hazards.method, Method::Enumerate);
        assert_eq!(cli.hazards.formula, Formula::LowerF64);
    }

    #[test]
    fn counts_the_95_listed_hazards_and_prints_f40() {
        // 95: tests/data/hazards-lower_f64-0-1e9.txt, checked independently with python3 decimal.
        let mut a = args(
            Method::Enumerate,
            Formula::LowerF64,
            Format::Text,
            0,
            1_000_000_000,
        );
        a.count_only = true;
        let s = run_to(&a, &mut Vec::new(), false).unwrap();
        assert_eq!(s.count, 95);
        let mut out = Vec::new();
        run_to(
            &args(
                Method::Enumerate,
                Formula::LowerF64,
                Format::Text,
                102_334_150,
                102_334_160,
            ),
            &mut out,
            false,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains(
                "102334155 165580140 165580141 (165580140,267914295) (165580141,267914296) inside"
            ),
            "{text}"
        );
    }

    fn args(method: Method, formula: Formula, format: Format, from: u64, to: u64) -> HazardsArgs {
        HazardsArgs {
            method,
            from,
            to,
            formula,
            format,
            count_only: false,
        }
    }

    fn output(a: &HazardsArgs) -> (String, Summary) {
        let mut out = Vec::new();
        let s = run_to(a, &mut out, false).expect("runs");
        (String::from_utf8(out).expect("utf-8"), s)
    }

    #[test]
    fn sweep_and_enumerate_print_the_same_list() {
        let e = output(&args(
            Method::Enumerate,
            Formula::LowerF64,
            Format::Text,
            100_000_000,
            300_000_000,
        ));
        let s = output(&args(
            Method::Sweep,
            Formula::LowerF64,
            Format::Text,
            100_000_000,
            300_000_000,
        ));
        let body = |t: &str| {
            t.lines()
                .filter(|l| !l.starts_with("summary"))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(body(&e.0), body(&s.0));
        assert_eq!(e.1, s.1);
        assert!(e.1.count >= 4);
        // Each printed k is a real disagreement, checked against the exact core.
        for line in
            e.0.lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with("summary"))
        {
            let k: u64 = line.split(' ').next().unwrap().parse().unwrap();
            assert_ne!(
                beatty_core::golden::lower(k),
                Some(beatty_float::lower_f64(k))
            );
        }
    }

    #[test]
    fn json_is_valid_and_matches_the_summary() {
        let (text, s) = output(&args(
            Method::Enumerate,
            Formula::LowerF64,
            Format::Json,
            0,
            1_000_000_000,
        ));
        let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(v["hazards"].as_array().unwrap().len() as u64, s.count);
        assert_eq!(v["summary"]["count"], s.count);
        assert_eq!(v["hazards"][0]["k"], 102_334_155);
        assert_eq!(v["hazards"][0]["p_position"][0], 165_580_140);
        // Empty result is valid JSON too.
        let (text, s) = output(&args(
            Method::Sweep,
            Formula::LowerF64,
            Format::Json,
            0,
            1000,
        ));
        let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!((s.count, v["hazards"].as_array().unwrap().len()), (0, 0));
    }

    #[test]
    fn f32_and_classify_summaries() {
        let (text, s) = output(&args(
            Method::Sweep,
            Formula::LowerF32,
            Format::Text,
            0,
            100_000,
        ));
        let first = s.first.expect("f32 fails below 10^5");
        assert_ne!(
            beatty_float::lower_f32(first) as u128,
            beatty_core::golden::lower_wide(first)
        );
        assert!(text.contains(&format!("first {first}")));
        let (_, c) = output(&args(
            Method::Enumerate,
            Formula::ClassifyF64,
            Format::Text,
            165_000_000,
            166_000_000,
        ));
        let (_, d) = output(&args(
            Method::Sweep,
            Formula::ClassifyF64,
            Format::Text,
            165_000_000,
            166_000_000,
        ));
        assert_eq!(c, d);
        assert!(c.count >= 1);
    }

    #[test]
    fn count_only_and_bad_range() {
        let mut a = args(
            Method::Enumerate,
            Formula::LowerF64,
            Format::Text,
            0,
            1_000_000_000,
        );
        a.count_only = true;
        let (text, s) = output(&a);
        assert_eq!(text.lines().count(), 1);
        assert_eq!(
            s.count,
            beatty_float::hazards::enumerate(0..=1_000_000_000).len() as u64
        );
        let bad = args(Method::Sweep, Formula::LowerF64, Format::Text, 5, 4);
        let err = run_to(&bad, &mut Vec::new(), false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(err.to_string().contains("--from 5"));
    }
}
