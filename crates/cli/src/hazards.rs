//! `judge hazards`: every input in a range where a float formula of `beatty-float` is wrong.
//!
//! The library work lives in the `beatty-hazards` crate (the error bound, the proof that
//! every disagreement is a candidate, the sweep and the three-distance enumeration); this
//! module is the command around it: options, text and JSON output, the summary line and
//! a progress bar (percentage and ETA) for every run that lasts longer than a second.
//!
//! Lists are streamed: each hazard is written as the search finds it (the search runs a
//! few blocks at a time), so neither the text nor the JSON output ever holds the list,
//! and `--count-only` counts without one.
//!
//! For `lower-f64` each hazard k prints the exact ⌊kφ⌋, the float value, the Wythoff
//! P-position (⌊kφ⌋, ⌊kφ⌋ + k) that float solutions judge a win, the N-position
//! (float, float + k) they judge a loss, and whether all piles are within the POJ 1067
//! limit 10⁹. `lower-f32` fails too often to list: it reports the first failing k and the
//! count. `classify-f64` lists each misclassified number with both classifications.

use beatty_core::golden;
use beatty_float::FloatClass;
use beatty_hazards::{self as hazards, Stats};
use beatty_problems::problem::WYTHOFF_MAX_PILE as POJ_LIMIT;
use clap::{Args, ValueEnum};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use std::cell::{Cell, RefCell};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How to find the hazards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Visit every input, in parallel on all cores.
    Sweep,
    /// Walk only the candidates the error bound allows, then confirm each exactly.
    Enumerate,
}

impl Method {
    /// The library's method.
    fn lib(self) -> hazards::Method {
        match self {
            Method::Sweep => hazards::Method::Sweep,
            Method::Enumerate => hazards::Method::Enumerate,
        }
    }

    /// The name `--method` takes.
    fn name(self) -> &'static str {
        match self {
            Method::Sweep => "sweep",
            Method::Enumerate => "enumerate",
        }
    }
}

/// Which float formula to check.
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

impl Formula {
    /// The name `--formula` takes.
    pub fn name(self) -> &'static str {
        match self {
            Formula::LowerF64 => "lower-f64",
            Formula::LowerF32 => "lower-f32",
            Formula::ClassifyF64 => "classify-f64",
        }
    }

    /// The formula the search engine searches.
    pub fn lib(self) -> &'static dyn hazards::Formula {
        match self {
            Formula::LowerF64 => &hazards::lower_f64::LowerF64,
            Formula::LowerF32 => &hazards::lower_f32::LowerF32,
            Formula::ClassifyF64 => &hazards::classify_f64::ClassifyF64,
        }
    }
}

/// Output format.
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
    #[arg(long, default_value_t = 0, value_parser = crate::number::count)]
    pub from: u64,
    /// Last input of the range (inclusive; default: the POJ 1067 limit 10^9),
    /// e.g. `--to 10^12`.
    #[arg(long, default_value_t = POJ_LIMIT, value_parser = crate::number::count)]
    pub to: u64,
    /// The float formula to check.
    #[arg(long, value_enum, default_value_t = Formula::LowerF64)]
    pub formula: Formula,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the summary, counting without a list (for huge ranges such as
    /// --to 10^12).
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
    /// For `lower-f64` only: how many hazards misjudge positions with every pile ≤ 10⁹.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inside_limits: Option<u64>,
}

/// Runs `judge hazards` on stdout (progress bar on stderr when it is a terminal); a
/// bad range is a message and exit 2, a failed write goes to `main`.
pub fn run(args: &HazardsArgs) -> crate::Outcome {
    if args.from > args.to {
        return Ok(crate::fail(
            crate::exit::USAGE,
            &format!(
                "empty range: --from {} is greater than --to {}",
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

/// The method a run really uses: a formula without an enumeration
/// (`lower-f32`: its failures are dense) is always swept.
fn effective_method(args: &HazardsArgs) -> Method {
    if args.formula.lib().enumerates() {
        args.method
    } else {
        Method::Sweep
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

/// How many hazards of `lower_f64` in `from..=to` misjudge positions inside 10⁹: they
/// all have k below 10⁹/φ² < 10⁹, so the hazards of `from..=min(to, 10⁹)` are all
/// there is to look at (streamed, 95 of them at most).
fn lower_f64_inside_limits(from: u64, to: u64) -> u64 {
    let top = to.min(POJ_LIMIT);
    if from > top {
        return 0;
    }
    hazards::lower_f64::hazards(
        from..=top,
        hazards::Method::Enumerate,
        &hazards::no_progress,
    )
    .filter(|&k| hazards::consequence(k).within(POJ_LIMIT))
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
    let method = effective_method(args).lib();
    let header = Header::of(args);
    // The list, where the formula has one and it is wanted: items as the search finds them.
    let list: Option<Box<dyn Iterator<Item = Item> + '_>> = match (args.formula, args.count_only) {
        (Formula::LowerF64, false) => Some(Box::new(
            hazards::lower_f64::hazards(range.clone(), method, &tick)
                .map(|k| Item::LowerF64(LowerF64Item::of(&hazards::consequence(k)))),
        )),
        (Formula::ClassifyF64, false) => Some(Box::new(
            hazards::classify_f64::hazards(range.clone(), method, &tick)
                .map(|a| Item::ClassifyF64(ClassifyItem::of(a))),
        )),
        (Formula::LowerF32, _) | (_, true) => None,
    };
    let summary = match list {
        Some(items) => {
            let count = Cell::new((0u64, None, 0u64));
            let seen = |item: &Item| {
                let (n, first, inside) = count.get();
                let (k, is_inside) = match item {
                    Item::LowerF64(i) => (i.k, i.inside_limits),
                    Item::ClassifyF64(i) => (i.a, false),
                    Item::LowerF32First(i) => (i.k, false),
                };
                count.set((n + 1, first.or(Some(k)), inside + u64::from(is_inside)));
            };
            let summary = |_: ()| {
                bar.finish();
                let (n, first, inside) = count.get();
                Summary {
                    checked,
                    count: n,
                    first,
                    inside_limits: (args.formula == Formula::LowerF64).then_some(inside),
                }
            };
            write_report(out, args, &header, items, seen, summary)?
        }
        None => {
            // No list: count in parallel, keep nothing.
            let stats = hazards::stats_of(args.formula.lib(), range, method, &tick);
            bar.finish();
            let summary = summary_of(args, stats);
            // lower-f32 shows its first failing k even without --count-only.
            let items: Vec<Item> = match (args.formula, stats.first, args.count_only) {
                (Formula::LowerF32, Some(k), false) => vec![Item::LowerF32First(f32_first(k))],
                _ => Vec::new(),
            };
            write_report(out, args, &header, items.into_iter(), |_| {}, |_| summary)?
        }
    };
    bar.finish();
    Ok(summary)
}

/// The summary of a run that counted without a list.
fn summary_of(args: &HazardsArgs, s: Stats) -> Summary {
    Summary {
        checked: s.checked,
        count: s.count,
        first: s.first,
        inside_limits: (args.formula == Formula::LowerF64)
            .then(|| lower_f64_inside_limits(args.from, args.to)),
    }
}

/// What the run was asked, as both output formats state it.
#[derive(Serialize)]
struct Header {
    formula: Formula,
    method: Method,
    from: u64,
    to: u64,
}

impl Header {
    fn of(args: &HazardsArgs) -> Self {
        Header {
            formula: args.formula,
            method: effective_method(args),
            from: args.from,
            to: args.to,
        }
    }
}

/// One hazard, in either output format.
#[derive(Serialize)]
#[serde(untagged)]
enum Item {
    LowerF64(LowerF64Item),
    LowerF32First(LowerF32First),
    ClassifyF64(ClassifyItem),
}

impl Item {
    /// The comment line above the text list.
    fn text_header(&self) -> &'static str {
        match self {
            Item::LowerF64(_) => {
                "k exact float misjudged-P-position misjudged-N-position inside/outside-1e9"
            }
            Item::LowerF32First(_) => {
                "first failing k, exact, float (single precision fails too often to list)"
            }
            Item::ClassifyF64(_) => "a: exact classification, float classification",
        }
    }

    /// The text line.
    fn text(&self) -> String {
        match self {
            Item::LowerF64(i) => {
                let limits = if i.inside_limits { "inside" } else { "outside" };
                format!(
                    "{} {} {} ({},{}) ({},{}) {limits}",
                    i.k,
                    i.exact,
                    i.float,
                    i.p_position[0],
                    i.p_position[1],
                    i.n_position[0],
                    i.n_position[1]
                )
            }
            Item::LowerF32First(i) => format!("{} {} {}", i.k, i.exact, i.float),
            Item::ClassifyF64(i) => format!("{}: exact {}, float {}", i.a, i.exact, i.float),
        }
    }
}

/// A hazard of `lower_f64` and the positions it misjudges.
#[derive(Serialize)]
struct LowerF64Item {
    k: u64,
    exact: U128,
    float: u64,
    p_position: [U128; 2],
    n_position: [U128; 2],
    inside_limits: bool,
}

impl LowerF64Item {
    fn of(c: &hazards::Consequence) -> Self {
        LowerF64Item {
            k: c.k,
            exact: c.exact.into(),
            float: c.float,
            p_position: [c.p_position.0.into(), c.p_position.1.into()],
            n_position: [c.n_position.0.into(), c.n_position.1.into()],
            inside_limits: c.within(POJ_LIMIT),
        }
    }
}

/// The first failing k of `lower_f32`.
#[derive(Serialize)]
struct LowerF32First {
    k: u64,
    exact: U128,
    float: u64,
    first: bool,
}

fn f32_first(k: u64) -> LowerF32First {
    LowerF32First {
        k,
        exact: golden::lower_wide(k).into(),
        float: beatty_float::lower_f32(k),
        first: true,
    }
}

/// A number `classify_f64` gets wrong, with both classifications.
#[derive(Serialize)]
struct ClassifyItem {
    a: u64,
    exact: Classification,
    float: Classification,
}

impl ClassifyItem {
    fn of(a: u64) -> Self {
        ClassifyItem {
            a,
            exact: Classification::exact(golden::classify(a)),
            float: Classification::float(beatty_float::classify_f64(a)),
        }
    }
}

/// Which side of the Wythoff pairs a number is on: JSON
/// `{"side":"lower","index":102334155}`, text `lower (k = 102334155)`.
#[derive(Serialize)]
struct Classification {
    side: Side,
    /// The k with a = ⌊kφ⌋ (lower) or a = ⌊kφ²⌋ (upper), when the classification
    /// names it (the float shortcut names none for upper numbers).
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<u64>,
}

/// The side of a classification.
#[derive(Clone, Copy, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Side {
    /// 0, in both sequences' pair (0, 0).
    Zero,
    /// A lower Wythoff number ⌊kφ⌋.
    Lower,
    /// An upper Wythoff number ⌊kφ²⌋.
    Upper,
}

impl Classification {
    fn exact(c: golden::Class) -> Self {
        let (side, index) = match c {
            golden::Class::Zero => (Side::Zero, None),
            golden::Class::Lower(k) => (Side::Lower, Some(k)),
            golden::Class::Upper(k) => (Side::Upper, Some(k)),
        };
        Classification { side, index }
    }

    fn float(c: FloatClass) -> Self {
        let (side, index) = match c {
            FloatClass::Zero => (Side::Zero, None),
            FloatClass::Lower(j) => (Side::Lower, Some(j)),
            FloatClass::Upper => (Side::Upper, None),
        };
        Classification { side, index }
    }
}

impl std::fmt::Display for Classification {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match self.side {
            Side::Zero => "zero",
            Side::Lower => "lower",
            Side::Upper => "upper",
        };
        match self.index {
            Some(k) => write!(f, "{side} (k = {k})"),
            None => f.write_str(side),
        }
    }
}

/// A `u128` in JSON: a number when it fits in `u64`, else its decimal digits as a string
/// (many JSON readers cannot hold larger integers exactly).
#[derive(Serialize)]
#[serde(untagged)]
enum U128 {
    Number(u64),
    Text(String),
}

impl std::fmt::Display for U128 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            U128::Number(n) => write!(f, "{n}"),
            U128::Text(t) => f.write_str(t),
        }
    }
}

impl From<u128> for U128 {
    fn from(v: u128) -> Self {
        u64::try_from(v).map_or_else(|_| U128::Text(v.to_string()), U128::Number)
    }
}

/// Writes the report — the items as they come (text lines, or the elements of the
/// JSON `hazards` array), then the summary — and returns the summary. `seen` is told
/// of each item as it is written; `summary` is asked once the items are done.
fn write_report<I: Iterator<Item = Item>>(
    out: &mut dyn Write,
    args: &HazardsArgs,
    header: &Header,
    items: I,
    seen: impl Fn(&Item),
    summary: impl FnOnce(()) -> Summary,
) -> io::Result<Summary> {
    match args.format {
        Format::Text => {
            for (i, item) in items.enumerate() {
                if i == 0 {
                    writeln!(out, "# {}", item.text_header())?;
                }
                writeln!(out, "{}", item.text())?;
                seen(&item);
            }
            let s = summary(());
            write!(
                out,
                "summary: {} by {} on {}..={}: {} of {} wrong, first {}",
                header.formula.name(),
                header.method.name(),
                header.from,
                header.to,
                s.count,
                s.checked,
                s.first.map_or_else(|| "none".to_owned(), |k| k.to_string())
            )?;
            if let Some(inside) = s.inside_limits {
                write!(out, ", {inside} with both misjudged positions inside 10^9")?;
            }
            writeln!(out)?;
            Ok(s)
        }
        Format::Json => {
            let report = JsonReport {
                header,
                items: RefCell::new(Some(items)),
                seen,
                summary: RefCell::new(Some(summary)),
                result: Cell::new(None),
            };
            serde_json::to_writer(&mut *out, &report)?;
            writeln!(out)?;
            report
                .result
                .get()
                .ok_or_else(|| io::Error::other("the JSON report was not finished"))
        }
    }
}

/// The JSON document, `{"formula":…,"method":…,"from":…,"to":…,"hazards":[…],"summary":{…}}`,
/// serialized as the items stream in.
struct JsonReport<'a, I, F, S> {
    header: &'a Header,
    items: RefCell<Option<I>>,
    seen: F,
    summary: RefCell<Option<S>>,
    result: Cell<Option<Summary>>,
}

impl<I, F, S> Serialize for JsonReport<'_, I, F, S>
where
    I: Iterator<Item = Item>,
    F: Fn(&Item),
    S: FnOnce(()) -> Summary,
{
    fn serialize<Ser: Serializer>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error> {
        use serde::ser::Error;
        let mut st = serializer.serialize_struct("JsonReport", 6)?;
        st.serialize_field("formula", &self.header.formula)?;
        st.serialize_field("method", &self.header.method)?;
        st.serialize_field("from", &self.header.from)?;
        st.serialize_field("to", &self.header.to)?;
        let items = self
            .items
            .borrow_mut()
            .take()
            .ok_or_else(|| Ser::Error::custom("the report is serialized once"))?;
        st.serialize_field("hazards", &Seq(RefCell::new(Some(items)), &self.seen))?;
        let summary =
            self.summary
                .borrow_mut()
                .take()
                .ok_or_else(|| Ser::Error::custom("the report is serialized once"))?(());
        self.result.set(Some(summary));
        st.serialize_field("summary", &summary)?;
        st.end()
    }
}

/// A sequence serialized from an iterator, each element reported to `seen` once written.
struct Seq<'a, I, F>(RefCell<Option<I>>, &'a F);

impl<I, F> Serialize for Seq<'_, I, F>
where
    I: Iterator<Item = Item>,
    F: Fn(&Item),
{
    fn serialize<Ser: Serializer>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error> {
        use serde::ser::{Error, SerializeSeq};
        let items = self
            .0
            .borrow_mut()
            .take()
            .ok_or_else(|| Ser::Error::custom("the list is serialized once"))?;
        let mut seq = serializer.serialize_seq(None)?;
        for item in items {
            seq.serialize_element(&item)?;
            (self.1)(&item);
        }
        seq.end()
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
    fn the_default_range_is_the_wythoff_problem_limit() {
        // Two facts written in two places: the judge's problem spec and the hazards crate.
        let spec = beatty_problems::Problem::Wythoff.spec();
        for f in spec.fields {
            assert_eq!(f.max, POJ_LIMIT, "{}", f.name);
        }
    }

    #[test]
    fn classify_items_have_explicit_fields_in_json_and_words_in_text() {
        let (json, s) = output(&args(
            Method::Enumerate,
            Formula::ClassifyF64,
            Format::Json,
            165_580_130,
            165_580_150,
        ));
        let v: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        // F(40)·φ = F(41) − ψ⁴⁰ with 0 < ψ⁴⁰ < 1 (ψ = −1/φ), so 165580140 = F(41) − 1 is
        // ⌊F(40)·φ⌋, the lower number of index F(40) = 102334155; the shortcut takes it
        // for an upper one.
        assert_eq!(
            v["hazards"][0],
            serde_json::json!({
                "a": 165_580_140u64,
                "exact": {"side": "lower", "index": 102_334_155u64},
                "float": {"side": "upper"}
            })
        );
        assert_eq!(v["summary"]["count"], s.count);
        assert!(v["summary"].get("inside_limits").is_none());
        let (text, _) = output(&args(
            Method::Sweep,
            Formula::ClassifyF64,
            Format::Text,
            165_580_130,
            165_580_150,
        ));
        assert!(
            text.contains("165580140: exact lower (k = 102334155), float upper"),
            "{text}"
        );
        assert!(
            !text.contains("Lower(") && !text.contains("Upper"),
            "{text}"
        );
    }

    #[test]
    fn count_only_counts_every_formula_and_method_like_the_list() {
        for formula in [Formula::LowerF64, Formula::ClassifyF64] {
            for method in [Method::Sweep, Method::Enumerate] {
                // 3 hazards of lower-f64 and 2 of classify-f64 in this range.
                let mut a = args(method, formula, Format::Json, 100_000_000, 200_000_000);
                let (_, listed) = output(&a);
                a.count_only = true;
                let (text, counted) = output(&a);
                assert_eq!(listed, counted, "{formula:?} {method:?}");
                assert!(listed.count >= 2, "{formula:?} {method:?}: {listed:?}");
                let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
                assert_eq!(v["hazards"].as_array().map(Vec::len), Some(0));
            }
        }
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
        let listed =
            hazards::lower_f64_enumerate(0..=1_000_000_000, &hazards::no_progress).unwrap();
        assert_eq!(s.count, listed.len() as u64);
        // The same first hazard and inside-limits count as the listing run.
        assert_eq!(s.first, listed.first().copied());
        assert_eq!((s.first, s.inside_limits), (Some(102_334_155), Some(14)));
        assert!(text.contains("first 102334155"), "{text}");
        assert!(text.contains(", 14 with both"), "{text}");
        let bad = args(Method::Sweep, Formula::LowerF64, Format::Text, 5, 4);
        let err = run_to(&bad, &mut Vec::new(), false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(err.to_string().contains("--from 5"));
    }
}
