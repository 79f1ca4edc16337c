//! The checker: compares a contestant's output with the exact answer.
//!
//! It follows testlib's conventions: arguments `INPUT OUTPUT [ANSWER]`, verdicts
//! accepted (exit 0), wrong answer (1), presentation error (2) and checker
//! failure (3).
//!
//! # The standard comparisons
//!
//! The exact answers of all cases are rendered (the same bytes `judge solve`
//! prints) and compared with the output as testlib's standard checkers compare
//! a jury answer, according to the problem's
//! [`OutputKind`] (its [`Spec::output`](crate::problem::Spec::output), set in
//! the problem's module):
//!
//! * **integers** — testlib's `ncmp`: both sides are sequences of
//!   tokens separated by spaces, tabs, carriage returns and line feeds. Each
//!   output token must be an integer as testlib reads one (optional `-`,
//!   digits, no leading zeros, no `-0`, within 64 bits, at most 20 characters),
//!   else **presentation error**; a different value is a **wrong answer**; too
//!   few or too many integers is a **wrong answer** (a non-integer among the
//!   extra tokens is a presentation error, as `ncmp` reads them too).
//! * **words** — testlib's `wcmp`: tokens compared byte for byte; a
//!   different token, a missing or an extra token are all a **wrong answer**.
//!   `wcmp` never gives a presentation error except for a token longer than
//!   testlib's 32 MiB limit, which this checker reproduces.
//! * **custom** — the problem module's own comparison (e.g. a line-structured
//!   one that accepts moves in any order; see the output format in
//!   `judge problems`).
//!
//! Whitespace never matters in the standard comparisons. The first failing
//! case is reported with its number, its input, the expected answer and what
//! was received for it; every token of the output shown in a message is cut to
//! [`TOKEN_BYTES`](crate::text::TOKEN_BYTES) bytes and escaped ([`excerpt`](crate::text::excerpt)).
//!
//! # Streaming
//!
//! [`check_reader`] (what `judge check` runs; [`check`] is the same over byte
//! slices) reads INPUT, OUTPUT and ANSWER as it goes, in one pass and constant
//! memory: each case is validated, answered, and its answer line compared as
//! bytes with the output and the answer file, falling back to the token-by-token
//! comparison above for any other layout. `wythoff-moves`, compared by its own
//! rules, is read the same way line by line: a case whose lines are exactly
//! the rendered answer is accepted as bytes, any other goes through the
//! problem's line-by-line comparison (moves in any order), which keeps only what
//! its messages show.
//!
//! # Checker failure
//!
//! The INPUT must pass [`crate::validate()`]. The exact answer is always computed;
//! an ANSWER file, when given, is *verified* against it with the same
//! comparison, not trusted: if the jury's answer differs from the exact one,
//! that is a checker failure (the test data is wrong).

#[cfg(test)]
use crate::compare::shown_tokens;
use crate::compare::{
    DynLines, Lines, MAX_TOKEN, Mismatch, Tok, is_blank, shown_lines, shown_toks, testlib_long,
    tokens, tokens_noun,
};
#[cfg(test)]
use crate::problem::Framing;
use crate::problem::{Answer, Case, Definition, OutcomeWords, OutputKind, Visit};
#[cfg(test)]
use crate::text::{TOKEN_BYTES, excerpt};
use crate::validate::{Stop, Validator};
use crate::window::Window;
use crate::{Problem, Verdict};
use core::fmt;
use std::io::{self, Read};

/// A verdict with its explanation.
///
/// ```
/// use beatty_problems::{check, Problem, Verdict};
/// let r = check(Problem::Wythoff, b"2 1\n8 4\n", b"0 1", None);
/// assert_eq!(r.verdict, Verdict::Accepted);
/// assert_eq!(r.to_string(), "ok 2 cases");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResult {
    /// The verdict.
    pub verdict: Verdict,
    /// What was found (testlib style: `ok …`, `wrong answer …`).
    pub message: String,
}

impl fmt::Display for CheckResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
/// The cases of a *valid* input (the count line and the terminator excluded).
fn cases(problem: Problem, input: &[u8]) -> Vec<Case> {
    let spec = problem.spec();
    let mut lines = input.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    if matches!(spec.framing, Framing::Counted { .. }) {
        lines.next();
    }
    let mut out = Vec::new();
    for line in lines {
        let values: Vec<u64> = line
            .split(|&b| b == b' ')
            .map(|t| t.iter().fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')))
            .collect();
        if spec.framing == Framing::Terminator && values.iter().all(|&v| v == 0) {
            break;
        }
        out.push(Case::new(&values));
    }
    out
}

#[cfg(test)]
/// ncmp (`integers`) or wcmp (`words`) of `output` against the rendered answers.
fn compare_tokens(
    integers: bool,
    cases: &[Case],
    rendered: &[Vec<u8>],
    output: &[u8],
) -> Result<(), Mismatch> {
    let mut out = tokens(output);
    let mut read = 0usize;
    for (i, (case, exp)) in cases.iter().zip(rendered).enumerate() {
        let mut got: Vec<&[u8]> = Vec::new();
        let head = |verdict: &str, got: &[&[u8]]| {
            format!(
                "{verdict} on case {} (input `{case}`): expected `{}`, received `{}`",
                i + 1,
                shown_lines(exp),
                shown_tokens(got.iter().copied())
            )
        };
        for want in tokens(exp) {
            let Some(t) = out.next() else {
                return Err(Mismatch::wa(format!(
                    "{}: the output ends after {read} {}",
                    head("wrong answer", &got),
                    tokens_noun(read as u64)
                )));
            };
            read += 1;
            got.push(t);
            if t.len() > MAX_TOKEN {
                return Err(Mismatch::pe(format!(
                    "{}: a token longer than 32 MiB",
                    head("presentation error", &got)
                )));
            }
            let same = if integers {
                let Some(v) = testlib_long(t) else {
                    return Err(Mismatch::pe(format!(
                        "{}: `{}` is not an integer",
                        head("presentation error", &got),
                        excerpt(t, TOKEN_BYTES)
                    )));
                };
                testlib_long(want) == Some(v)
            } else {
                t == want
            };
            if !same {
                return Err(Mismatch::wa(head("wrong answer", &got)));
            }
        }
    }
    let extra: Vec<&[u8]> = out.collect();
    if let Some(first) = extra.first() {
        if integers
            && let Some(bad) = extra
                .iter()
                .find(|t| t.len() > MAX_TOKEN || testlib_long(t).is_none())
        {
            return Err(Mismatch::pe(format!(
                "presentation error: extra output after the last case, and `{}` is not an integer",
                excerpt(bad, TOKEN_BYTES)
            )));
        }
        return Err(Mismatch::wa(format!(
            "wrong answer: extra output after the last case ({} more {}), starting with `{}`",
            extra.len(),
            tokens_noun(extra.len() as u64),
            excerpt(first, TOKEN_BYTES)
        )));
    }
    Ok(())
}

#[cfg(test)]
fn compare(
    problem: Problem,
    cases: &[Case],
    answers: &[Answer],
    rendered: &[Vec<u8>],
    data: &[u8],
) -> Result<(), Mismatch> {
    match problem.spec().output {
        OutputKind::Integers => compare_tokens(true, cases, rendered, data),
        OutputKind::Words => compare_tokens(false, cases, rendered, data),
        OutputKind::Custom => problem.def().compare_custom(cases, answers, data),
    }
}

/// The checker over whole inputs in memory, as first written: the reference
/// the streaming [`check_reader`] is tested against (for every problem).
#[cfg(test)]
fn check_whole(
    problem: Problem,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> CheckResult {
    let fail = |message: String| CheckResult {
        verdict: Verdict::Fail,
        message,
    };
    if let Err(e) = crate::validate(problem, input) {
        return fail(format!("invalid INPUT: {e}"));
    }
    let cases = cases(problem, input);
    let mut answers = Vec::with_capacity(cases.len());
    for c in &cases {
        match problem.def().answer(c) {
            Ok(a) => answers.push(a),
            Err(e) => return fail(format!("invalid INPUT: case `{c}`: {e}")),
        }
    }
    let rendered: Vec<Vec<u8>> = answers.iter().map(Answer::to_bytes).collect();
    if let Some(answer) = answer
        && let Err(m) = compare(problem, &cases, &answers, &rendered, answer)
    {
        return fail(format!(
            "invalid ANSWER (it is not the exact answer): {}",
            m.message
        ));
    }
    match compare(problem, &cases, &answers, &rendered, output) {
        Ok(()) => accepted(cases.len() as u64),
        Err(m) => CheckResult {
            verdict: m.verdict,
            message: m.message,
        },
    }
}

/// Checks `output` for `input`, against the exact answer (and verifies `answer`
/// when given). See the [module docs](self) for the rules.
///
/// ```
/// use beatty_problems::{check, Problem, Verdict};
/// let input = b"1 2\n5 7\n0 0\n";
/// // single-pile moves in any order, the equal-from-both move first
/// assert_eq!(check(Problem::WythoffMoves, input, b"0\n1\n3 5\n4 7\n3 5\n", None).verdict, Verdict::Accepted);
/// let r = check(Problem::WythoffMoves, input, b"0\n1\n3 5\n4 7\n", None);
/// assert_eq!(r.verdict, Verdict::WrongAnswer); // a move is missing
/// let r = check(Problem::Wythoff, b"2 1\n8 4\n", b"0\n0\n", None);
/// assert_eq!(r.verdict, Verdict::WrongAnswer);
/// assert_eq!(r.message, "wrong answer on case 2 (input `8 4`): expected `1`, received `0`");
/// ```
#[must_use]
pub fn check(problem: Problem, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> CheckResult {
    check_reader(problem, input, output, answer)
}

/// The next case of the input, validated: the fast half, then the general
/// one (called apart, so that a case stays in registers); a fault as the
/// checker's message.
#[inline(always)]
fn next_case<R: Read>(cases: &mut Validator<R>) -> Result<Option<Case>, String> {
    match cases.next_fast() {
        Ok(Some(case)) => Ok(Some(case)),
        Ok(None) => cases.next_case_general().map_err(|e| match e {
            Stop::Invalid(e) => format!("invalid INPUT: {e}"),
            Stop::Io(e) => format!("cannot read INPUT: {e}"),
        }),
        Err(e) => Err(format!("cannot read INPUT: {e}")),
    }
}

// ------------------------------------------------------------ the streaming checker

/// The tokens of a stream (an output or an answer file), read as they go.
struct Tokens<R> {
    w: Window<R>,
    /// Tokens read so far.
    read: u64,
}

impl<R: Read> Tokens<R> {
    fn new(inner: R) -> Self {
        Tokens {
            w: Window::new(inner),
            read: 0,
        }
    }

    /// The fast path: after blanks, the stream shows the bytes of `line`
    /// ([`Expect`]: tokens separated by single spaces) and a blank: they are
    /// consumed with that blank, and `true`. Otherwise `false` and only blanks
    /// are consumed.
    #[inline(always)]
    fn next_are(&mut self, line: &Expect<'_>) -> io::Result<bool> {
        let len = line.bytes.len();
        let s = self.w.ahead(len + 64)?;
        let mut i = 0;
        while i < s.len() && is_blank(&s[i]) {
            i += 1;
        }
        let end = i + len;
        let same = match s.get(i..i + 16) {
            _ if len == 1 => s.get(i) == Some(&line.bytes[0]),
            // Up to 15 bytes: one masked comparison of 16 bytes.
            Some(w) if line.mask != 0 => {
                let w = u128::from_le_bytes(w.try_into().expect("16 bytes"));
                w & line.mask == line.packed
            }
            _ => s.get(i..end) == Some(line.bytes),
        };
        if same && s.len() > end && is_blank(&s[end]) {
            self.w.advance(end + 1);
            self.read += line.count;
            Ok(true)
        } else {
            self.w.advance(i);
            Ok(false)
        }
    }

    /// The next token, `None` at the end.
    fn next(&mut self) -> io::Result<Option<Tok>> {
        loop {
            let s = self.w.ahead(1)?;
            if s.is_empty() {
                return Ok(None);
            }
            let n = s.iter().position(|b| !is_blank(b));
            let skip = n.unwrap_or(s.len());
            self.w.advance(skip);
            if n.is_some() {
                break;
            }
        }
        let t = Tok::read(&mut self.w)?;
        self.read += 1;
        Ok(Some(t))
    }

    /// ncmp (`integers`) or wcmp of the tokens of case `i` (1-based) against
    /// `rendered`, with the messages of [`compare_tokens`]: its tokens one by
    /// one, each through [`Tokens::next_are`] first, the general path from the
    /// first that differs.
    #[inline(never)]
    fn case(
        &mut self,
        integers: bool,
        i: u64,
        case: &Case,
        rendered: &[u8],
    ) -> io::Result<Result<(), Mismatch>> {
        let mut wants = tokens(rendered);
        let mut matched = 0;
        for want in wants.by_ref() {
            if self.next_are(&Expect::new(want, 1))? {
                matched += 1;
                continue;
            }
            // The general path, from the first token not matched at once.
            let mut got: Vec<Tok> = tokens(rendered).take(matched).map(Tok::of).collect();
            for want in core::iter::once(want).chain(wants.by_ref()) {
                if let Err(m) = self.general_token(integers, i, case, rendered, want, &mut got)? {
                    return Ok(Err(m));
                }
            }
            break;
        }
        Ok(Ok(()))
    }

    fn general_token(
        &mut self,
        integers: bool,
        i: u64,
        case: &Case,
        rendered: &[u8],
        want: &[u8],
        got: &mut Vec<Tok>,
    ) -> io::Result<Result<(), Mismatch>> {
        let head = |verdict: &str, got: &[Tok]| {
            format!(
                "{verdict} on case {i} (input `{case}`): expected `{}`, received `{}`",
                shown_lines(rendered),
                shown_toks(got)
            )
        };
        let Some(t) = self.next()? else {
            return Ok(Err(Mismatch::wa(format!(
                "{}: the output ends after {} {}",
                head("wrong answer", got),
                self.read,
                tokens_noun(self.read)
            ))));
        };
        got.push(t);
        let t = got.last().expect("just pushed");
        if t.len > MAX_TOKEN as u64 {
            return Ok(Err(Mismatch::pe(format!(
                "{}: a token longer than 32 MiB",
                head("presentation error", got)
            ))));
        }
        let same = if integers {
            let Some(v) = t.long() else {
                return Ok(Err(Mismatch::pe(format!(
                    "{}: `{}` is not an integer",
                    head("presentation error", got),
                    t.shown()
                ))));
            };
            testlib_long(want) == Some(v)
        } else {
            t.is(want)
        };
        Ok(if same {
            Ok(())
        } else {
            Err(Mismatch::wa(head("wrong answer", got)))
        })
    }

    /// What is left after the last case, as [`compare_tokens`] words it.
    fn extra(&mut self, integers: bool) -> io::Result<Result<(), Mismatch>> {
        let mut count = 0u64;
        let mut first = None;
        let mut bad = None;
        while let Some(t) = self.next()? {
            count += 1;
            if integers && bad.is_none() && (t.len > MAX_TOKEN as u64 || t.long().is_none()) {
                bad = Some(t.shown());
            }
            if first.is_none() {
                first = Some(t.shown());
            }
        }
        let Some(first) = first else {
            return Ok(Ok(()));
        };
        if let Some(bad) = bad {
            return Ok(Err(Mismatch::pe(format!(
                "presentation error: extra output after the last case, and `{bad}` is not an integer"
            ))));
        }
        Ok(Err(Mismatch::wa(format!(
            "wrong answer: extra output after the last case ({count} more {}), starting with `{first}`",
            tokens_noun(count)
        ))))
    }
}

// ------------------------------------------------- line-structured output (custom)

/// The streaming checker's loop for a problem compared line by line
/// ([`OutputKind::Custom`]): [`check_cases`] with the problem's own
/// comparison of a case ([`Definition::compare_lines`]) and of what follows
/// the last one ([`Definition::extra_lines`]), with the messages of its
/// whole-output comparison ([`Definition::compare_custom`]).
pub(crate) fn check_line_cases<D: Definition + ?Sized>(
    def: &D,
    problem: Problem,
    streams: Streams<'_>,
) -> CheckResult {
    let fail = |message: String| CheckResult {
        verdict: Verdict::Fail,
        message,
    };
    let mut cases = Validator::new(problem, streams.input);
    let mut out: DynLines<'_> = Lines::new(streams.output);
    let mut ans: Option<DynLines<'_>> = streams.answer.map(Lines::new);
    let (mut out_bad, mut ans_bad, mut domain) = (None, None, None);
    let mut rendered = Vec::new();
    let mut n = 0u64;
    loop {
        let case = match next_case(&mut cases) {
            Ok(Some(case)) => case,
            Ok(None) => break,
            Err(message) => return fail(message),
        };
        n += 1;
        if domain.is_some() {
            continue;
        }
        let answer = match def.answer(&case) {
            Ok(a) => a,
            Err(e) => {
                domain = Some(format!("invalid INPUT: case `{case}`: {e}"));
                continue;
            }
        };
        rendered.clear();
        answer
            .write_to(&mut rendered)
            .expect("writing to a Vec cannot fail");
        if let Some(a) = ans.as_mut()
            && ans_bad.is_none()
        {
            match def.compare_lines(a, n, &case, &answer, &rendered) {
                Ok(r) => ans_bad = r,
                Err(e) => return fail(format!("cannot read ANSWER: {e}")),
            }
        }
        if out_bad.is_none() {
            match def.compare_lines(&mut out, n, &case, &answer, &rendered) {
                Ok(r) => out_bad = r,
                Err(e) => return fail(format!("cannot read OUTPUT: {e}")),
            }
        }
    }
    let ans_extra = ans.as_mut().map(|a| move || def.extra_lines(a));
    verdict_after_cases(n, domain, ans_bad, ans_extra, out_bad, || {
        def.extra_lines(&mut out)
    })
}

/// [`check`] of files read as they go: the input is validated, solved and
/// compared with the output (and the answer, verified) in one pass, in constant
/// memory (a buffer of at most 1 MiB per stream; a message keeps what it
/// shows), for every problem. A stream that cannot be read is a checker failure.
///
/// ```
/// use beatty_problems::{check::check_reader, Problem, Verdict};
/// let r = check_reader(Problem::Wythoff, &b"2 1\n8 4\n"[..], &b"0\n1\n"[..], None::<&[u8]>);
/// assert_eq!(r.verdict, Verdict::Accepted);
/// ```
pub fn check_reader<I: Read, O: Read, A: Read>(
    problem: Problem,
    input: I,
    output: O,
    answer: Option<A>,
) -> CheckResult {
    let (mut input, mut output) = (input, output);
    let mut answer = answer;
    let streams = Streams {
        input: &mut input,
        output: &mut output,
        answer: answer.as_mut().map(|a| a as &mut dyn Read),
    };
    let integers = match problem.spec().output {
        OutputKind::Integers => true,
        OutputKind::Words => false,
        // Its own monomorphic copy of `check_line_cases`.
        OutputKind::Custom => return problem.visit(CheckLines { problem, streams }),
    };
    // The problem's own monomorphic copy of `check_cases`.
    problem.visit(CheckCases {
        problem,
        integers,
        streams,
    })
}

/// [`check_cases`] for the problem [`Problem::visit`] hands over.
struct CheckCases<'a> {
    problem: Problem,
    integers: bool,
    streams: Streams<'a>,
}

impl Visit for CheckCases<'_> {
    type Output = CheckResult;
    fn visit<D: Definition>(self, def: &'static D) -> CheckResult {
        check_cases(def, self.problem, self.integers, self.streams)
    }
}

/// [`check_line_cases`] for the problem [`Problem::visit`] hands over.
struct CheckLines<'a> {
    problem: Problem,
    streams: Streams<'a>,
}

impl Visit for CheckLines<'_> {
    type Output = CheckResult;
    fn visit<D: Definition>(self, def: &'static D) -> CheckResult {
        check_line_cases(def, self.problem, self.streams)
    }
}

/// The three streams of a check, read through `dyn` only when a buffer is empty.
pub(crate) struct Streams<'a> {
    pub(crate) input: &'a mut dyn Read,
    pub(crate) output: &'a mut dyn Read,
    pub(crate) answer: Option<&'a mut dyn Read>,
}

/// The streaming checker's loop over the cases: generic, so each problem gets
/// a copy in which its `answer` is a direct, inlinable call.
pub(crate) fn check_cases<D: Definition + ?Sized>(
    def: &D,
    problem: Problem,
    integers: bool,
    streams: Streams<'_>,
) -> CheckResult {
    let fail = |message: String| CheckResult {
        verdict: Verdict::Fail,
        message,
    };
    let mut cases = Validator::new(problem, streams.input);
    let mut out = Tokens::new(streams.output);
    let mut ans = streams.answer.map(Tokens::new);
    let (mut out_bad, mut ans_bad, mut domain) = (None, None, None);
    let mut rendered = Vec::new();
    let mut slow = Vec::new();
    let mut n = 0u64;
    // The lines of the two outcome answers in the problem's words, prepared once
    // for `Definition::wins`; and for outcome answers from `answer`, prepared
    // per word.
    let words = def.spec().words;
    let spec_lines = words.map(|w| {
        [
            Expect::plain(w.loses.as_bytes()),
            Expect::plain(w.wins.as_bytes()),
        ]
    });
    let mut prepared: [(&'static [u8], Option<Expect<'static>>); 2] = [(&[], None); 2];
    let mut answer;
    loop {
        // The fast and the general half apart: the case stays in registers.
        let case = match next_case(&mut cases) {
            Ok(Some(case)) => case,
            Ok(None) => break,
            Err(message) => return fail(message),
        };
        n += 1;
        if domain.is_some() {
            continue;
        }
        // The fast path compares the answer's line as bytes: an outcome's words
        // as they are (prepared once), any other answer rendered (once for both
        // streams).
        let (answer, fast, is_rendered) = if let Some(w) = def.wins(&case)
            && let Some(lines) = &spec_lines
        {
            // The answer is `words.answer(w)`, made only if the slow path needs it.
            (Err(w), lines[usize::from(w)], false)
        } else {
            answer = match def.answer(&case) {
                Ok(a) => a,
                Err(e) => {
                    domain = Some(format!("invalid INPUT: case `{case}`: {e}"));
                    continue;
                }
            };
            match &answer {
                Answer::Outcome {
                    to_move_wins,
                    words,
                } => {
                    let word = words.word(*to_move_wins).as_bytes();
                    // Prepared once per word: every answer of the loop comes from
                    // the same code, so the same pointer (compared, not the bytes).
                    let slot = &mut prepared[usize::from(*to_move_wins)];
                    if !core::ptr::eq(slot.0, word) {
                        *slot = (word, Expect::plain(word));
                    }
                    (Ok(&answer), slot.1, false)
                }
                _ => {
                    rendered.clear();
                    answer
                        .write_to(&mut rendered)
                        .expect("writing to a Vec cannot fail");
                    (
                        Ok(&answer),
                        rendered.strip_suffix(b"\n").and_then(Expect::plain),
                        true,
                    )
                }
            }
        };
        let mut cmp = CaseCmp {
            integers,
            i: n,
            case: &case,
            answer,
            words,
            fast,
            rendered: is_rendered.then_some(&rendered[..]),
            slow: &mut slow,
        };
        if let Some(a) = ans.as_mut()
            && ans_bad.is_none()
        {
            match cmp.run(a) {
                Ok(r) => ans_bad = r,
                Err(e) => return fail(format!("cannot read ANSWER: {e}")),
            }
        }
        if out_bad.is_none() {
            match cmp.run(&mut out) {
                Ok(r) => out_bad = r,
                Err(e) => return fail(format!("cannot read OUTPUT: {e}")),
            }
        }
    }
    let ans_extra = ans
        .as_mut()
        .map(|a| move || a.extra(integers).map(Result::err));
    verdict_after_cases(n, domain, ans_bad, ans_extra, out_bad, || {
        out.extra(integers).map(Result::err)
    })
}

/// The number of tokens of `line` when they are separated by single spaces,
/// with no other blank (then a stream showing these bytes and a blank holds
/// exactly these tokens); `None` otherwise or when empty.
#[inline(always)]
fn plain_tokens(line: &[u8]) -> Option<u64> {
    let (first, last) = (line.first()?, line.last()?);
    if is_blank(first) || is_blank(last) {
        return None;
    }
    let mut count = 1;
    let mut prev = 0u8;
    for &b in line {
        if is_blank(&b) {
            if b != b' ' || prev == b' ' {
                return None;
            }
            count += 1;
        }
        prev = b;
    }
    Some(count)
}

/// An answer line the fast path looks for ([`Tokens::next_are`]): its bytes,
/// its number of tokens, and a line of at most 15 bytes also packed into the
/// low bytes of a `u128` with the mask of those bytes (`mask` 0 otherwise).
#[derive(Clone, Copy)]
struct Expect<'a> {
    bytes: &'a [u8],
    count: u64,
    packed: u128,
    mask: u128,
}

impl<'a> Expect<'a> {
    #[inline(always)]
    fn new(bytes: &'a [u8], count: u64) -> Self {
        let (mut packed, mut mask) = (0u128, 0u128);
        if !bytes.is_empty() && bytes.len() < 16 {
            let mut b = [0u8; 16];
            b[..bytes.len()].copy_from_slice(bytes);
            packed = u128::from_le_bytes(b);
            mask = u128::MAX >> (8 * (16 - bytes.len()));
        }
        Expect {
            bytes,
            count,
            packed,
            mask,
        }
    }

    /// The line of an answer rendered as `line`, when its tokens are
    /// separated by single spaces ([`plain_tokens`]).
    #[inline(always)]
    fn plain(line: &'a [u8]) -> Option<Self> {
        plain_tokens(line).map(|count| Expect::new(line, count))
    }
}

/// One case compared on a stream: its line as bytes first ([`Tokens::next_are`]),
/// token by token ([`Tokens::case`]) when that does not settle it.
struct CaseCmp<'a> {
    integers: bool,
    i: u64,
    case: &'a Case,
    /// The answer, or who wins (`Definition::wins`) in the problem's `words`.
    answer: Result<&'a Answer, bool>,
    words: Option<OutcomeWords>,
    /// The line, when it has the plain layout.
    fast: Option<Expect<'a>>,
    /// The rendered answer, when it was rendered for the fast path.
    rendered: Option<&'a [u8]>,
    /// Where the answer is rendered otherwise.
    slow: &'a mut Vec<u8>,
}

impl CaseCmp<'_> {
    #[inline(always)]
    fn run<R: Read>(&mut self, stream: &mut Tokens<R>) -> io::Result<Option<Mismatch>> {
        if let Some(line) = &self.fast
            && stream.next_are(line)?
        {
            return Ok(None);
        }
        self.slow_path(stream)
    }

    #[inline(never)]
    fn slow_path<R: Read>(&mut self, stream: &mut Tokens<R>) -> io::Result<Option<Mismatch>> {
        let rendered = match self.rendered {
            Some(r) => r,
            None => {
                self.slow.clear();
                let made;
                let answer = match self.answer {
                    Ok(a) => a,
                    Err(w) => {
                        made = self.words.expect("wins comes with words").answer(w);
                        &made
                    }
                };
                answer
                    .write_to(&mut *self.slow)
                    .expect("writing to a Vec cannot fail");
                &self.slow[..]
            }
        };
        Ok(stream
            .case(self.integers, self.i, self.case, rendered)?
            .err())
    }
}

/// The end of both streaming checks, after the last case: a case outside
/// the problem's domain fails; what follows in the answer is read only while
/// the answer is still exact (`ans_extra`), and an inexact answer fails the
/// checker; what follows in the output only while it is still right
/// (`out_extra`); then the output's mismatch, or AC for the `n` cases.
fn verdict_after_cases(
    n: u64,
    domain: Option<String>,
    ans_bad: Option<Mismatch>,
    ans_extra: Option<impl FnOnce() -> io::Result<Option<Mismatch>>>,
    out_bad: Option<Mismatch>,
    out_extra: impl FnOnce() -> io::Result<Option<Mismatch>>,
) -> CheckResult {
    let fail = |message: String| CheckResult {
        verdict: Verdict::Fail,
        message,
    };
    if let Some(d) = domain {
        return fail(d);
    }
    let ans_bad = match (ans_bad, ans_extra) {
        (None, Some(extra)) => match extra() {
            Ok(r) => r,
            Err(e) => return fail(format!("cannot read ANSWER: {e}")),
        },
        (bad, _) => bad,
    };
    if let Some(m) = ans_bad {
        return fail(format!(
            "invalid ANSWER (it is not the exact answer): {}",
            m.message
        ));
    }
    let out_bad = match out_bad {
        None => match out_extra() {
            Ok(r) => r,
            Err(e) => return fail(format!("cannot read OUTPUT: {e}")),
        },
        bad => bad,
    };
    match out_bad {
        Some(m) => CheckResult {
            verdict: m.verdict,
            message: m.message,
        },
        None => accepted(n),
    }
}

fn accepted(cases: u64) -> CheckResult {
    CheckResult {
        verdict: Verdict::Accepted,
        message: format!("ok {cases} case{}", if cases == 1 { "" } else { "s" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Trickle;

    fn v(problem: Problem, input: &str, output: &str) -> Verdict {
        check(problem, input.as_bytes(), output.as_bytes(), None).verdict
    }

    #[test]
    fn verdicts_follow_ncmp_and_wcmp() {
        use Verdict::*;
        let w = "2 1\n8 4\n";
        assert_eq!(v(Problem::Wythoff, w, "0\n1\n"), Accepted);
        assert_eq!(v(Problem::Wythoff, w, "  0   1  "), Accepted);
        assert_eq!(v(Problem::Wythoff, w, "1\n1\n"), WrongAnswer);
        assert_eq!(v(Problem::Wythoff, w, "0\n2\n"), WrongAnswer); // an integer, wrong value
        assert_eq!(v(Problem::Wythoff, w, "0\nyes\n"), PresentationError);
        assert_eq!(v(Problem::Wythoff, w, "0\n01\n"), PresentationError); // leading zero
        assert_eq!(v(Problem::Wythoff, w, "0\n"), WrongAnswer); // ends early
        assert_eq!(v(Problem::Wythoff, w, "0\n1\n0\n"), WrongAnswer); // extra
        assert_eq!(v(Problem::Wythoff, w, "0\n1\nx\n"), PresentationError); // extra, not a number
        let b = "2\n23 2\n4 3\n";
        assert_eq!(v(Problem::Bash, b, "first second"), Accepted);
        assert_eq!(v(Problem::Bash, b, "second second"), WrongAnswer);
        assert_eq!(v(Problem::Bash, b, "First second"), WrongAnswer);
        assert_eq!(v(Problem::Bash, b, "first"), WrongAnswer);
        let e = "34 12\n15 24\n0 0\n";
        assert_eq!(
            v(Problem::Euclid, e, "Stan wins\r\nOllie wins\r\n"),
            Accepted
        );
        assert_eq!(v(Problem::Euclid, e, "Stan won\nOllie wins\n"), WrongAnswer);
        let a = "4 2\n3 2\n3 5\n";
        assert_eq!(v(Problem::BashAuction, a, "1\nnone\n3 4 5\n"), Accepted);
        assert_eq!(v(Problem::BashAuction, a, "1\nnone\n3 5 4\n"), WrongAnswer);
        assert_eq!(
            v(Problem::BashAuction, a, "1\nnone\n3 4 5 6\n"),
            WrongAnswer
        );
    }

    #[test]
    fn wythoff_moves_is_checked_case_by_case_from_its_lines() {
        use Verdict::*;
        let i = "4 5\n0 0\n";
        assert_eq!(v(Problem::WythoffMoves, i, "1\n1 2\n3 5\n"), Accepted);
        assert_eq!(v(Problem::WythoffMoves, i, "1\n3 5\n1 2\n"), WrongAnswer); // both-move first
        assert_eq!(v(Problem::WythoffMoves, i, "1\n1 2\n"), WrongAnswer); // missing move
        assert_eq!(v(Problem::WythoffMoves, i, "0\n"), WrongAnswer);
        assert_eq!(v(Problem::WythoffMoves, i, ""), WrongAnswer);
        assert_eq!(
            v(Problem::WythoffMoves, i, "1\n1 2\n3 x\n"),
            PresentationError
        );
        assert_eq!(
            v(Problem::WythoffMoves, i, "1 1 2\n3 5\n"),
            PresentationError
        );
        // (2, 9), by hand from the pairs (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) (9,15) (11,18):
        // no pair has difference 7 below (2, 9), 9's partner 15 is not below 2, and
        // taking 8 from the 9 reaches (2, 1) = (1, 2). The answer is `1 / 1 2`.
        assert_eq!(v(Problem::WythoffMoves, "2 9\n0 0\n", "1\n1 2\n"), Accepted);
        // (5, 5): take all from both → 0 0; single-pile moves (3, 5) from either pile, once.
        assert_eq!(
            v(Problem::WythoffMoves, "5 5\n0 0\n", "1\n0 0\n3 5\n"),
            Accepted
        );
        assert_eq!(
            v(Problem::WythoffMoves, "5 5\n0 0\n", "1\n0 0\n3 5\n3 5\n"),
            WrongAnswer
        );
        // The issue's example: the extra move belongs to case 1, which is blamed.
        let r = check(
            Problem::WythoffMoves,
            b"1 1\n1 2\n0 0\n",
            b"1\n0 0\n1 2\n0\n",
            None,
        );
        assert_eq!(r.verdict, WrongAnswer);
        assert_eq!(
            r.message,
            "wrong answer on case 1 (input `1 1`): expected `1 / 0 0`, received `1 / 0 0 / 1 2`"
        );
    }

    #[test]
    fn invalid_input_or_answer_is_a_checker_failure() {
        let r = check(Problem::Wythoff, b"2 1", b"0", None);
        assert_eq!(r.verdict, Verdict::Fail);
        assert!(
            r.message.starts_with("invalid INPUT: line 1, column 4"),
            "{}",
            r.message
        );
        let r = check(Problem::Wythoff, b"2 1\n", b"0", Some(b"1"));
        assert_eq!(r.verdict, Verdict::Fail);
        let r = check(Problem::Wythoff, b"2 1\n", b"0", Some(b"0\n"));
        assert_eq!(r.verdict, Verdict::Accepted);
    }

    /// The streaming checker and the whole-input one give the same verdicts and
    /// messages on mutated outputs, answers and inputs, read a few bytes at a time.
    #[test]
    fn streaming_and_whole_checkers_agree_on_mutations() {
        let mut rng = crate::generate::SplitMix64::new(21);
        let odd: [&[u8]; 12] = [
            b" ",
            b"\n",
            b"\t",
            b"\r\n",
            b"0",
            b"-0",
            b"01",
            b"x",
            b"\xff\xfe",
            b"\x0c",
            b"-1",
            b"99999999999999999999999",
        ];
        let mut verdicts = std::collections::HashMap::new();
        for problem in Problem::ALL {
            let mut input = Vec::new();
            crate::generate::generate(
                problem,
                crate::generate::Profile::Mixed,
                5,
                Some(40),
                &mut input,
            )
            .unwrap();
            let mut answer = Vec::new();
            crate::solve(problem, &input[..], &mut answer).unwrap();
            // 1500 rounds a problem in the full matrix, 150 in the quick loop.
            for round in 0..beatty_testing::rounds(150, 1500) {
                let mutate = |rng: &mut crate::generate::SplitMix64, v: &[u8]| {
                    let mut v = v.to_vec();
                    let at = rng.range(0, v.len() as u64) as usize;
                    match rng.range(0, 4) {
                        0 => {
                            let o = odd[rng.range(0, odd.len() as u64 - 1) as usize];
                            v.splice(at..(at + 1).min(v.len()), o.iter().copied());
                        }
                        1 => {
                            v.truncate(at);
                        }
                        2 => v
                            .splice(at..at, vec![b'7'; rng.range(1, 200) as usize])
                            .for_each(drop),
                        3 => v.extend_from_slice(b"1 x\n"),
                        _ => {
                            v.remove(at.min(v.len() - 1));
                        }
                    }
                    v
                };
                let output = mutate(&mut rng, &answer);
                let (inp, ans) = match round % 6 {
                    0 => (mutate(&mut rng, &input), Some(answer.clone())),
                    1 => (input.clone(), Some(mutate(&mut rng, &answer))),
                    2 => (input.clone(), None),
                    _ => (input.clone(), Some(answer.clone())),
                };
                let want = check_whole(problem, &inp, &output, ans.as_deref());
                assert_eq!(
                    check(problem, &inp, &output, ans.as_deref()),
                    want,
                    "{problem} {round}"
                );
                let step = 1 + rng.range(0, 30) as usize;
                let got = check_reader(
                    problem,
                    Trickle { data: &inp, step },
                    Trickle {
                        data: &output,
                        step: step + 3,
                    },
                    ans.as_deref().map(|a| Trickle {
                        data: a,
                        step: 2 * step,
                    }),
                );
                assert_eq!(got, want, "{problem} {round} step {step}");
                *verdicts.entry(want.verdict).or_insert(0) += 1;
            }
        }
        // Every verdict is reached many times.
        assert_eq!(verdicts.len(), 4, "{verdicts:?}");
        let least = beatty_testing::rounds(10, 100);
        assert!(verdicts.values().all(|&n| n > least), "{verdicts:?}");
    }

    /// wythoff-moves: the streaming line comparison and the whole-output one
    /// give the same verdicts and messages on outputs mutated line by line
    /// (moves swapped, repeated, dropped, joined; blank lines, carriage
    /// returns, long lines, cases of more than eight lines), read a few bytes
    /// at a time.
    #[test]
    fn wythoff_moves_streaming_and_whole_agree_on_line_mutations() {
        let problem = Problem::WythoffMoves;
        let mut rng = crate::generate::SplitMix64::new(2177);
        let mut input = Vec::new();
        crate::generate::generate(
            problem,
            crate::generate::Profile::Mixed,
            7,
            Some(30),
            &mut input,
        )
        .unwrap();
        let mut answer = Vec::new();
        crate::solve(problem, &input[..], &mut answer).unwrap();
        let lines: Vec<Vec<u8>> = answer
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(<[u8]>::to_vec)
            .collect();
        let odd: [&[u8]; 10] = [
            b"",
            b"  ",
            b"0",
            b"1",
            b"1 2 3",
            b"01 2",
            b"x y",
            b"18446744073709551616 1",
            b"1 1 1 1 1 1 1 1 1 1 1 1",
            b"\r",
        ];
        let mut verdicts = std::collections::HashMap::new();
        // 3000 rounds in the full matrix, 600 in the quick loop.
        for round in 0..beatty_testing::rounds(600, 3000) {
            let mut l = lines.clone();
            for _ in 0..rng.range(1, 3) {
                let at = rng.range(0, l.len() as u64 - 1) as usize;
                match rng.range(0, 6) {
                    0 => {
                        // A neighbour mostly (moves of one case), anywhere sometimes.
                        let to = if rng.chance(3, 4) {
                            (at + 1).min(l.len() - 1)
                        } else {
                            rng.range(0, l.len() as u64 - 1) as usize
                        };
                        l.swap(at, to);
                    }
                    1 => {
                        let copy = l[at].clone();
                        for _ in 0..rng.range(1, 9) {
                            l.insert(at, copy.clone());
                        }
                    }
                    2 => {
                        l.remove(at);
                    }
                    3 => {
                        let joined =
                            [l[at].clone(), l.get(at + 1).cloned().unwrap_or_default()].join(&b' ');
                        l[at] = joined;
                    }
                    4 => {
                        // An odd line, and sometimes a move of another case after it.
                        if rng.chance(1, 2) {
                            let other = l[rng.range(0, l.len() as u64 - 1) as usize].clone();
                            l.insert(at, other);
                        }
                        l.insert(
                            at,
                            odd[rng.range(0, odd.len() as u64 - 1) as usize].to_vec(),
                        );
                    }
                    5 => l[at].extend_from_slice(b" \r"),
                    _ => l[at] = vec![b'7'; rng.range(1, 200) as usize],
                }
            }
            let mut output = l.join(&b'\n');
            if rng.chance(3, 4) {
                output.push(b'\n');
            }
            let ans = match round % 4 {
                0 => None,
                1 => Some(output.clone()),
                _ => Some(answer.clone()),
            };
            let want = check_whole(problem, &input, &output, ans.as_deref());
            let step = 1 + rng.range(0, 40) as usize;
            let got = check_reader(
                problem,
                Trickle { data: &input, step },
                Trickle {
                    data: &output,
                    step: step + 1,
                },
                ans.as_deref().map(|a| Trickle { data: a, step }),
            );
            assert_eq!(
                got,
                want,
                "round {round}: {:?}",
                String::from_utf8_lossy(&output)
            );
            *verdicts.entry(want.verdict).or_insert(0) += 1;
        }
        assert_eq!(verdicts.len(), 4, "{verdicts:?}");
    }

    /// `Tokens::next_are` (the masked comparison of lines up to 15 bytes, the
    /// slice comparison of longer ones) against its definition: after blanks,
    /// the stream starts with the line's bytes followed by a blank; what each
    /// consumes, on random streams and lines over a small alphabet.
    #[test]
    fn next_are_matches_its_definition() {
        let mut rng = crate::generate::SplitMix64::new(2126);
        let alphabet = b"  \n\t\rab01";
        let pick = |rng: &mut crate::generate::SplitMix64, n: u64| -> Vec<u8> {
            (0..rng.range(0, n))
                .map(|_| alphabet[rng.range(0, alphabet.len() as u64 - 1) as usize])
                .collect()
        };
        let mut hits = 0;
        for _ in 0..100_000 {
            let words: Vec<Vec<u8>> = (0..rng.range(1, 4))
                .map(|_| {
                    let w: Vec<u8> = pick(&mut rng, 9)
                        .into_iter()
                        .filter(|b| !is_blank(b))
                        .collect();
                    if w.is_empty() { b"a".to_vec() } else { w }
                })
                .collect();
            let line = words.join(&b' ');
            let Some(e) = Expect::plain(&line) else {
                panic!("{line:?} is plain")
            };
            assert_eq!(e.count, words.len() as u64);
            let mut stream = pick(&mut rng, 4);
            if rng.chance(1, 2) {
                stream.extend_from_slice(&line);
                if rng.chance(1, 3) {
                    let at = rng.range(0, line.len() as u64 - 1) as usize;
                    let end = stream.len() - line.len() + at;
                    stream[end] = alphabet[rng.range(0, alphabet.len() as u64 - 1) as usize];
                }
            }
            stream.extend(pick(&mut rng, 40));
            let blanks = stream.iter().take_while(|b| is_blank(b)).count();
            let rest = &stream[blanks..];
            let want = rest.starts_with(&line) && rest.get(line.len()).is_some_and(is_blank);
            let consumed = if want {
                blanks + line.len() + 1
            } else {
                blanks
            };
            let step = 1 + rng.range(0, 20) as usize;
            let mut t = Tokens::new(Trickle {
                data: &stream,
                step,
            });
            assert_eq!(t.next_are(&e).unwrap(), want, "{stream:?} {line:?}");
            assert_eq!(t.w.pos(), consumed as u64, "{stream:?} {line:?}");
            hits += usize::from(want);
        }
        assert!(hits > 5_000, "{hits}");
    }

    #[test]
    fn a_long_line_compared_at_once_keeps_the_window_in_its_bound() {
        // `next_are` looks at the line and 64 bytes more for the blanks: a
        // line of 20 000 bytes fits the window's 1 MiB, which must not grow.
        let line: Vec<u8> = b"12 ".repeat(6_667)[..20_000].to_vec();
        let e = Expect::plain(&line).expect("plain");
        let mut stream = line.clone();
        stream.extend_from_slice(b"\n7\n");
        let mut t = Tokens::new(&stream[..]);
        assert!(t.next_are(&e).unwrap());
        assert_eq!(t.w.pos(), 20_001);
        assert!(t.w.capacity() <= 1 << 20, "{}", t.w.capacity());
    }

    #[test]
    fn a_result_displays_its_message() {
        // testlib's wording (`ok N numbers` is ncmp's; ours counts cases).
        let r = check(Problem::Wythoff, b"2 1\n8 4\n", b"0 1", None);
        assert_eq!(format!("{r}"), "ok 2 cases");
        let r = check(Problem::Bash, b"1\n3 2\n", b"first", None);
        assert_eq!(r.verdict, Verdict::WrongAnswer);
        assert!(format!("{r}").starts_with("wrong answer "), "{r}");
    }

    #[test]
    fn plain_tokens_matches_its_definition() {
        // Every line of up to 5 bytes over blanks of each kind and two letters,
        // against the definition: split at single spaces, each piece a
        // non-empty run of non-blank bytes.
        let alphabet = b" \t\r\nab";
        let definition = |line: &[u8]| -> Option<u64> {
            let pieces: Vec<&[u8]> = line.split(|&b| b == b' ').collect();
            let plain = pieces
                .iter()
                .all(|p| !p.is_empty() && p.iter().all(|b| !b" \t\r\n".contains(b)));
            plain.then_some(pieces.len() as u64)
        };
        let mut plain = 0;
        for len in 0..=5u32 {
            for mut code in 0..6usize.pow(len) {
                let line: Vec<u8> = (0..len)
                    .map(|_| {
                        let b = alphabet[code % 6];
                        code /= 6;
                        b
                    })
                    .collect();
                assert_eq!(plain_tokens(&line), definition(&line), "{line:?}");
                plain += usize::from(definition(&line).is_some());
            }
        }
        assert!(plain > 100, "{plain}");
    }

    #[test]
    fn huge_tokens_are_shown_bounded() {
        let big = vec![b'7'; 1 << 20];
        let r = check(Problem::Euclid, b"1 1\n0 0\n", &big, None);
        assert_eq!(r.verdict, Verdict::WrongAnswer);
        assert!(r.message.len() < 300, "{}", r.message.len());
        assert!(r.message.contains("…(1048576 bytes)"), "{}", r.message);
    }
}

#[cfg(test)]
mod testlib_tests;
