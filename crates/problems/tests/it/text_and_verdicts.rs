//! Excerpts of untrusted bytes and the verdicts' names and exit codes, against
//! their contracts: `excerpt` shows at most `max` bytes of its input (cut at a
//! character boundary) and then `…(N bytes)` with the whole length; escapes do
//! not count against `max`, they are how a shown byte is written. The exit
//! codes are testlib's (`_ok` 0, `_wa` 1, `_pe` 2, `_fail` 3 in testlib.h's
//! `TResult`).

use beatty_problems::Verdict;
use beatty_problems::text::{excerpt, excerpt_of, found, found_blank, found_token};

#[test]
fn excerpts_cut_exactly_past_the_bound() {
    assert_eq!(excerpt(b"", 0), "");
    assert_eq!(excerpt(b"abcd", 4), "abcd");
    assert_eq!(excerpt(b"abcde", 4), "abcd…(5 bytes)");
    assert_eq!(excerpt(b"abcde", 0), "…(5 bytes)");
    // φ is two bytes: it is shown whole or not at all.
    assert_eq!(excerpt("aφ".as_bytes(), 3), "aφ");
    assert_eq!(excerpt("aφ".as_bytes(), 2), "a…(3 bytes)");
    assert_eq!(excerpt("aφb".as_bytes(), 3), "aφ…(4 bytes)");
    // A byte that is not UTF-8 counts one byte, shown as \xNN.
    assert_eq!(excerpt(b"ab\xff", 3), "ab\\xff");
    assert_eq!(excerpt(b"ab\xff", 2), "ab…(3 bytes)");
    assert_eq!(excerpt(b"\xff\xfe", 1), "\\xff…(2 bytes)");
    assert_eq!(excerpt(b"\xffa\xfe", 3), "\\xffa\\xfe");
    assert_eq!(excerpt(b"\xffa\xfeb", 3), "\\xffa\\xfe…(4 bytes)");
    // Escaped bytes count as the one byte they are.
    assert_eq!(excerpt(b"\n\n", 2), "\\n\\n");
    assert_eq!(excerpt(b"\n\n\n", 2), "\\n\\n…(3 bytes)");
    assert_eq!(excerpt(b"a\\b", 3), "a\\\\b");
    assert_eq!(excerpt(b"\x07\t\r", 64), "\\u{7}\\t\\r");
    // Printable text, ASCII or not, stays as it is, quotes included.
    assert_eq!(
        excerpt("Stan wins, φ ≈ 1.618".as_bytes(), 64),
        "Stan wins, φ ≈ 1.618"
    );
    assert_eq!(excerpt(br#"say "it's""#, 64), r#"say "it's""#);
}

#[test]
fn excerpts_of_a_prefix_know_the_whole_length() {
    assert_eq!(excerpt_of(b"ab", 2, 64), "ab");
    assert_eq!(excerpt_of(b"ab", 3, 64), "ab…(3 bytes)");
    assert_eq!(excerpt_of(b"ab", 1000, 64), "ab…(1000 bytes)");
    assert_eq!(excerpt_of(b"abcdef", 1000, 4), "abcd…(1000 bytes)");
    assert_eq!(excerpt_of(b"abcd", 4, 4), "abcd");
}

#[test]
fn found_names_the_token_or_the_blank() {
    assert_eq!(found(b""), "end of file");
    assert_eq!(found(b"\nx"), "end of line");
    assert_eq!(found(b" x"), "a space");
    assert_eq!(found(b"\tx"), "a tab");
    assert_eq!(found(b"\rx"), "a carriage return");
    assert_eq!(found(b"\x0cx"), "\"\\u{c}\"");
    assert_eq!(found(b"ab cd"), "\"ab\"");
    assert_eq!(found(b"ab"), "\"ab\"");
    let long = [b'7'; 65];
    assert_eq!(found(&long), format!("\"{}…(65 bytes)\"", "7".repeat(64)));
    let exact = [b'7'; 64];
    assert_eq!(found(&exact), format!("\"{}\"", "7".repeat(64)));
    assert_eq!(found_token(b"abc", 3), "\"abc\"");
    assert_eq!(found_token(b"abc", 4), "\"abc…(4 bytes)\"");
    assert_eq!(
        found_token(&[b'x'; 100], 100),
        format!("\"{}…(100 bytes)\"", "x".repeat(64))
    );
    assert_eq!(found_blank(None), "end of file");
    assert_eq!(found_blank(Some(b'\n')), "end of line");
    assert_eq!(found_blank(Some(b'\x0b')), "\"\\u{b}\"");
    assert_eq!(found_blank(Some(b'\xff')), "\"\\xff\"");
}

#[test]
fn verdicts_have_their_names_and_testlib_exit_codes() {
    use Verdict::*;
    let all = [
        (Accepted, "AC", 0),
        (WrongAnswer, "WA", 1),
        (PresentationError, "PE", 2),
        (TimeLimit, "TLE", 1),
        (MemoryLimit, "MLE", 1),
        (OutputLimit, "OLE", 1),
        (RuntimeError, "RE", 1),
        (Fail, "FAIL", 3),
    ];
    for (v, name, code) in all {
        assert_eq!(v.short(), name);
        assert_eq!(v.to_string(), name);
        assert_eq!(v.exit_code(), code, "{v:?}");
    }
}
