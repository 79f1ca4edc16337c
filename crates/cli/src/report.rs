//! The reports of `judge run`: text (a line per test, then the verdict line),
//! JSON Lines (an object per test, then a summary object) and JUnit XML (one
//! document, a testcase per test), for people, scripts and CI systems.

use beatty_judge::run::{Play, TestResult};
use beatty_problems::Verdict;

/// `--format`: how `judge run` reports.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// A line per test, then `verdict: …`.
    Text,
    /// JSON Lines: an object per test as it ends, then a summary object.
    Json,
    /// One JUnit XML document at the end, a testcase per test.
    Junit,
}

/// The text line of a test (with its message indented below it).
pub(crate) fn text_line(r: &TestResult) -> String {
    let mut line = format!(
        "{:<20} {:<3} {:>7.3}s wall {:>7.3}s cpu {:>5} MiB\n",
        r.name,
        r.verdict.short(),
        r.time.as_secs_f64(),
        r.cpu.as_secs_f64(),
        r.memory >> 20
    );
    for l in r.detail.lines() {
        line.push_str("    ");
        line.push_str(l);
        line.push('\n');
    }
    if let Some(p) = &r.play {
        line.push_str(&format!("    {}\n", play_summary(p)));
    }
    line
}

/// What an interactive test's play came to, in words: games won, plies, the
/// program's think time.
pub(crate) fn play_summary(p: &Play) -> String {
    format!(
        "won {} of {} games in {} plies; think time max {:.3} ms, mean {:.3} ms over {} answers",
        p.won,
        p.games,
        p.plies,
        p.think_max.as_secs_f64() * 1e3,
        p.think_mean.as_secs_f64() * 1e3,
        p.moves
    )
}

/// An interactive test's play in the JSON format.
#[derive(serde::Serialize)]
struct PlayJson {
    games: usize,
    won: usize,
    plies: u64,
    answers: u64,
    think_max: f64,
    think_mean: f64,
}

impl From<&Play> for PlayJson {
    fn from(p: &Play) -> PlayJson {
        PlayJson {
            games: p.games,
            won: p.won,
            plies: p.plies,
            answers: p.moves,
            think_max: p.think_max.as_secs_f64(),
            think_mean: p.think_mean.as_secs_f64(),
        }
    }
}

/// A test's object of the JSON format, its fields in this order.
#[derive(serde::Serialize)]
struct TestJson<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    name: &'a str,
    verdict: &'static str,
    wall: f64,
    cpu: f64,
    memory: u64,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<PlayJson>,
}

/// The summary object of the JSON format, its fields in this order.
#[derive(serde::Serialize)]
struct SummaryJson<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    problem: &'a str,
    verdict: &'static str,
    passed: usize,
    run: usize,
    total: usize,
    failed_test: Option<&'a str>,
    message: &'a str,
}

fn json_of<T: serde::Serialize>(v: &T) -> String {
    let mut s = serde_json::to_string(v).unwrap_or_default();
    s.push('\n');
    s
}

/// The JSON line of a test.
pub(crate) fn json_line(r: &TestResult) -> String {
    json_of(&TestJson {
        kind: "test",
        name: &r.name,
        verdict: r.verdict.short(),
        wall: r.time.as_secs_f64(),
        cpu: r.cpu.as_secs_f64(),
        memory: r.memory,
        message: &r.detail,
        play: r.play.as_ref().map(PlayJson::from),
    })
}

/// One ply of `--transcript`'s JSON Lines.
#[derive(serde::Serialize)]
struct PlyJson<'a> {
    test: &'a str,
    game: usize,
    ply: u64,
    by: &'static str,
    line: &'a str,
    before: &'a str,
    after: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    think: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mistake: Option<&'a str>,
}

/// The transcript of the tests' plays as JSON Lines, one object a ply in
/// order (see `judge run --help`).
pub(crate) fn transcript(results: &[TestResult]) -> String {
    let mut out = String::new();
    for r in results {
        for t in r.play.iter().flat_map(|p| &p.transcript) {
            out.push_str(&json_of(&PlyJson {
                test: &r.name,
                game: t.ply.game,
                ply: t.ply.ply,
                by: match t.ply.by {
                    beatty_problems::interact::Party::Judge => "judge",
                    _ => "program",
                },
                line: &t.ply.line,
                before: &t.ply.before,
                after: &t.ply.after,
                think: t.think.map(|d| d.as_secs_f64()),
                mistake: t.ply.mistake.as_deref(),
            }));
        }
    }
    out
}

/// What the whole run came to, for the summary of each format.
pub(crate) struct Summary<'a> {
    /// The problem's name.
    pub problem: &'a str,
    /// The overall verdict.
    pub verdict: Verdict,
    /// The verdict line of the text format.
    pub line: String,
    /// The results of the tests that ran, in test order.
    pub results: &'a [TestResult],
    /// The names of every test, in order (some may not have run).
    pub tests: &'a [String],
    /// The compile error's message, when the source did not compile.
    pub compile_error: Option<&'a str>,
}

impl Summary<'_> {
    fn passed(&self) -> usize {
        self.results
            .iter()
            .filter(|r| r.verdict == Verdict::Accepted)
            .count()
    }

    fn first_failure(&self) -> Option<&TestResult> {
        self.results.iter().find(|r| r.verdict != Verdict::Accepted)
    }

    /// The summary object of the JSON format (its last line).
    pub(crate) fn json(&self) -> String {
        let fail = self.first_failure();
        let message = match self.compile_error {
            Some(m) => m,
            None => fail.map_or("", |r| r.detail.as_str()),
        };
        json_of(&SummaryJson {
            kind: "summary",
            problem: self.problem,
            verdict: self.verdict.short(),
            passed: self.passed(),
            run: self.results.len(),
            total: self.tests.len(),
            failed_test: fail.map(|r| r.name.as_str()),
            message,
        })
    }

    /// The JUnit XML document: one testsuite, a testcase per test (a failure
    /// for each failing one, `skipped` for those that did not run), and for
    /// a compile error one testcase `compile` that failed.
    pub(crate) fn junit(&self) -> String {
        let time: f64 = self.results.iter().map(|r| r.time.as_secs_f64()).sum();
        let class = format!("judge.{}", self.problem);
        let mut cases = String::new();
        let mut failures = 0;
        let mut skipped = 0;
        let mut count = 0;
        if let Some(m) = self.compile_error {
            failures += 1;
            count += 1;
            cases.push_str(&format!(
                "    <testcase name=\"compile\" classname=\"{}\" time=\"0\">\n      <failure type=\"CE\" message=\"CE: compile error\">{}</failure>\n    </testcase>\n",
                xml(&class),
                xml(m)
            ));
        }
        for (i, name) in self.tests.iter().enumerate() {
            count += 1;
            let Some(r) = self.results.get(i) else {
                skipped += 1;
                let why = if self.compile_error.is_some() {
                    "not run: the source did not compile"
                } else {
                    "not run: stopped at the first failure"
                };
                cases.push_str(&format!(
                    "    <testcase name=\"{}\" classname=\"{}\">\n      <skipped message=\"{why}\"/>\n    </testcase>\n",
                    xml(name),
                    xml(&class)
                ));
                continue;
            };
            let head = format!(
                "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.3}\"",
                xml(&r.name),
                xml(&class),
                r.time.as_secs_f64()
            );
            if r.verdict == Verdict::Accepted {
                cases.push_str(&head);
                cases.push_str("/>\n");
                continue;
            }
            failures += 1;
            let v = r.verdict.short();
            let first = r.detail.lines().next().unwrap_or("");
            cases.push_str(&format!(
                "{head}>\n      <failure type=\"{v}\" message=\"{v}: {}\">{v}: {} (wall {:.3} s, cpu {:.3} s, {} MiB)</failure>\n    </testcase>\n",
                xml(first),
                xml(&r.detail),
                r.time.as_secs_f64(),
                r.cpu.as_secs_f64(),
                r.memory >> 20
            ));
        }
        let suite = format!(
            "tests=\"{count}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{time:.3}\""
        );
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"judge run {p}\" {suite}>\n  <testsuite name=\"{p}\" {suite}>\n    <properties>\n      <property name=\"verdict\" value=\"{v}\"/>\n      <property name=\"summary\" value=\"{line}\"/>\n    </properties>\n{cases}  </testsuite>\n</testsuites>\n",
            p = xml(self.problem),
            v = self.verdict.short(),
            line = xml(&self.line),
        )
    }
}

/// Text escaped for XML content and attribute values: the five special
/// characters as entities, line breaks and tabs as character references, any
/// other control character (which XML 1.0 cannot hold at all) as `\u{..}`.
pub(crate) fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' => out.push_str("&#9;"),
            '\r' => out.push_str("&#13;"),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.extend(c.escape_unicode());
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::xml;

    #[test]
    fn xml_escapes_what_xml_cannot_hold() {
        assert_eq!(
            xml("a<b & \"c\"\n\u{1b}"),
            "a&lt;b &amp; &quot;c&quot;&#10;\\u{1b}"
        );
    }
}
