//! `judge hazards`: every input in a range where a float formula of `beatty-float` is wrong.
//!
//! The library work lives in the `beatty-hazards` crate (the error bound, the proof that
//! every disagreement is a candidate, the sweep and the three-distance enumeration); this
//! module is the command around it: options, text and JSON output, the summary line and
//! a progress bar (percentage and ETA) for every run that lasts longer than a second.
//!
//! For `lower-f64` each hazard k prints the exact ⌊kφ⌋, the float value, the Wythoff
//! P-position (⌊kφ⌋, ⌊kφ⌋ + k) that float solutions judge a win, the N-position
//! (float, float + k) they judge a loss, and whether all piles are within the POJ 1067
//! limit 10⁹. `lower-f32` fails too often to list: it reports the first failing k and the
//! count. `classify-f64` lists each misclassified number with both classifications.

use beatty_hazards as hazards;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How to find the hazards.
///
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Visit every input, in parallel on all cores.
    Sweep,
    /// Walk only the candidates the error bound allows, then confirm each exactly.
    Enumerate,
}

/// Which float formula to check.
///
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Formula {
    /// `lower_f64(k)` against ⌊kφ⌋, with the Wythoff positions that `is_p_position_f64`
    /// misjudges because of it.
    LowerF64,
    /// `lower_f32(k)` against ⌊kφ⌋: first failing k and how many fail (always swept).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// How many inputs were checked.
    pub checked: u64,
    /// How many are wrong.
    pub count: u64,
    /// The first wrong input.
    pub first: Option<u64>,
    /// For `lower-f64`: how many hazards misjudge positions with every pile ≤ 10⁹.
    pub inside_limits: u64,
}

/// Runs `judge hazards` on stdout (progress bar on stderr when it is a terminal); a
/// bad range is a message and exit 2, a failed write goes to `main`.
pub fn run(args: &HazardsArgs) -> crate::Outcome {
    if args.from > args.to {
        return Ok(crate::fail(
            2,
            &format!(
                "hazards: empty range: --from {} is greater than --to {}",
                args.from, args.to
            ),
        ));
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let progress = io::stderr().is_terminal();
    run_to(args, &mut out, progress)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The method a run really uses: `lower-f32` is always swept (its failures are dense).
fn effective_method(args: &HazardsArgs) -> Method {
    match args.formula {
        Formula::LowerF32 => Method::Sweep,
        _ => args.method,
    }
}

/// A progress bar on stderr that appears only once the run has lasted a second.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    start: Instant,
}

impl Progress {
    fn new(on: bool, total: u64) -> Self {
        let bar = on.then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(total),
                indicatif::ProgressDrawTarget::hidden(),
            );
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:40} {percent:>3}% ETA {eta}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
        }
    }

    fn tick(&self, n: u64) {
        if let Some(bar) = &self.bar {
            if bar.is_hidden() && self.start.elapsed() > Duration::from_secs(1) {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.inc(n);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The first hazard of `lower_f64` in `from..=to`, by enumerating windows that double.
fn first_lower_f64_hazard(from: u64, to: u64) -> Option<u64> {
    let mut lo = from;
    let mut width = hazards::POJ_LIMIT;
    loop {
        let hi = lo.saturating_add(width).min(to);
        if let Some(&k) = hazards::enumerate(lo..=hi, &hazards::no_progress).first() {
            return Some(k);
        }
        if hi == to {
            return None;
        }
        lo = hi + 1;
        width = width.saturating_mul(2);
    }
}

/// How many hazards in `from..=to` misjudge positions inside 10⁹: they all have k below
/// 10⁹/φ² < 10⁹, so enumerating `from..=min(to, 10⁹)` finds them all.
fn lower_f64_inside_limits(from: u64, to: u64) -> u64 {
    let top = to.min(hazards::POJ_LIMIT);
    if from > top {
        return 0;
    }
    hazards::enumerate(from..=top, &hazards::no_progress)
        .into_iter()
        .filter(|&k| hazards::consequence(k).inside_limits)
        .count() as u64
}

/// [`run`] writing to `out`; `progress` turns the progress bar on stderr on.
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
    let bar = Progress::new(progress, checked);
    let tick = |n: u64| bar.tick(n);
    let mut w = Writer::new(out, args);
    let summary = match args.formula {
        Formula::LowerF64 => {
            if args.count_only && args.method == Method::Enumerate {
                let count = hazards::count(range, &tick);
                Summary {
                    checked,
                    count,
                    first: first_lower_f64_hazard(args.from, args.to),
                    inside_limits: lower_f64_inside_limits(args.from, args.to),
                }
            } else {
                let list = match args.method {
                    Method::Enumerate => hazards::enumerate(range, &tick),
                    Method::Sweep => hazards::sweep(range, &tick),
                };
                bar.finish();
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
        }
        Formula::LowerF32 => {
            let s = hazards::lower_f32_summary(range, &tick);
            bar.finish();
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
                Method::Sweep => hazards::classify_f64_sweep(range, &tick),
            };
            bar.finish();
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
    bar.finish();
    w.summary(summary)?;
    Ok(summary)
}

/// The JSON document: what was asked, every hazard found, and the summary.
#[derive(Serialize)]
struct JsonReport<'a> {
    formula: Formula,
    method: Method,
    from: u64,
    to: u64,
    hazards: &'a [JsonItem],
    summary: Summary,
}

/// One hazard in the JSON output.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonItem {
    LowerF64 {
        k: u64,
        exact: U128,
        float: u64,
        p_position: [U128; 2],
        n_position: [U128; 2],
        inside_limits: bool,
    },
    LowerF32First {
        k: u64,
        exact: U128,
        float: u64,
        first: bool,
    },
    ClassifyF64 {
        a: u64,
        exact: String,
        float: String,
    },
}

/// A `u128` in JSON: a number when it fits in `u64`, else its decimal digits as a string
/// (many JSON readers cannot hold larger integers exactly).
#[derive(Serialize)]
#[serde(untagged)]
enum U128 {
    Number(u64),
    Text(String),
}

impl From<u128> for U128 {
    fn from(v: u128) -> Self {
        u64::try_from(v).map_or_else(|_| U128::Text(v.to_string()), U128::Number)
    }
}

/// Writes items as text lines (streamed) or collects them for one JSON document,
/// then the summary.
struct Writer<'a> {
    out: &'a mut dyn Write,
    args: &'a HazardsArgs,
    text_items: u64,
    json_items: Vec<JsonItem>,
}

impl<'a> Writer<'a> {
    fn new(out: &'a mut dyn Write, args: &'a HazardsArgs) -> Self {
        Writer {
            out,
            args,
            text_items: 0,
            json_items: Vec::new(),
        }
    }

    fn item(&mut self, text_header: &str, text: String, json: JsonItem) -> io::Result<()> {
        match self.args.format {
            Format::Text => {
                if self.text_items == 0 {
                    writeln!(self.out, "# {text_header}")?;
                }
                self.text_items += 1;
                writeln!(self.out, "{text}")
            }
            Format::Json => {
                self.json_items.push(json);
                Ok(())
            }
        }
    }

    fn lower_hazard(&mut self, c: &hazards::Consequence) -> io::Result<()> {
        let limits = if c.inside_limits { "inside" } else { "outside" };
        let text = format!(
            "{} {} {} ({},{}) ({},{}) {limits}",
            c.k, c.exact, c.float, c.p_position.0, c.p_position.1, c.n_position.0, c.n_position.1
        );
        let json = JsonItem::LowerF64 {
            k: c.k,
            exact: c.exact.into(),
            float: c.float,
            p_position: [c.p_position.0.into(), c.p_position.1.into()],
            n_position: [c.n_position.0.into(), c.n_position.1.into()],
            inside_limits: c.inside_limits,
        };
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
        let json = JsonItem::LowerF32First {
            k,
            exact: exact.into(),
            float,
            first: true,
        };
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
        let json = JsonItem::ClassifyF64 { a, exact, float };
        self.item("a exact-classification float-classification", text, json)
    }

    fn summary(&mut self, s: Summary) -> io::Result<()> {
        let method = effective_method(self.args);
        match self.args.format {
            Format::Text => {
                let formula = self
                    .args
                    .formula
                    .to_possible_value()
                    .map(|v| v.get_name().to_owned())
                    .unwrap_or_default();
                let method = method
                    .to_possible_value()
                    .map(|v| v.get_name().to_owned())
                    .unwrap_or_default();
                let first = s.first.map_or_else(|| "none".to_owned(), |k| k.to_string());
                write!(
                    self.out,
                    "summary: {formula} by {method} on {}..={}: {} of {} wrong, first {first}",
                    self.args.from, self.args.to, s.count, s.checked
                )?;
                if self.args.formula == Formula::LowerF64 {
                    write!(
                        self.out,
                        ", {} with both misjudged positions inside 10^9",
                        s.inside_limits
                    )?;
                }
                writeln!(self.out)
            }
            Format::Json => {
                let report = JsonReport {
                    formula: self.args.formula,
                    method,
                    from: self.args.from,
                    to: self.args.to,
                    hazards: &self.json_items,
                    summary: s,
                };
                serde_json::to_writer(&mut *self.out, &report).map_err(io::Error::other)?;
                writeln!(self.out)
            }
        }
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
        assert_eq!(v["method"], "sweep");
        // lower-f32 is swept whatever --method says, and the header says so.
        let (text, _) = output(&args(
            Method::Enumerate,
            Formula::LowerF32,
            Format::Json,
            0,
            100_000,
        ));
        let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(
            (&v["formula"], &v["method"]),
            (&"lower-f32".into(), &"sweep".into())
        );
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
        let listed = hazards::enumerate(0..=1_000_000_000, &hazards::no_progress);
        assert_eq!(s.count, listed.len() as u64);
        // The same first hazard and inside-limits count as the listing run.
        assert_eq!(s.first, listed.first().copied());
        assert_eq!((s.first, s.inside_limits), (Some(102_334_155), 14));
        assert!(text.contains("first 102334155"), "{text}");
        assert!(text.contains(", 14 with both"), "{text}");
        let bad = args(Method::Sweep, Formula::LowerF64, Format::Text, 5, 4);
        let err = run_to(&bad, &mut Vec::new(), false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(err.to_string().contains("--from 5"));
    }
}
