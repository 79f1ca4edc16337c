//! Bounded, escaped excerpts of untrusted bytes for messages.
//!
//! Everything the judge prints that came from a file or a program it does not
//! trust (a token of an input, a line of a contestant's output, a submission's
//! standard error) goes through [`excerpt`]: at most a fixed number of bytes are
//! shown, control characters and invalid UTF-8 are escaped, so a message can
//! neither flood the terminal nor move its cursor, clear it or forge a line.

/// The default number of bytes of a token shown in messages.
pub const TOKEN_BYTES: usize = 64;

/// `bytes` as printable text: at most `max` bytes of it (cut at a character
/// boundary), then `…(N bytes)` with the whole length when it was longer.
/// Printable ASCII and printable Unicode stay as they are; `\n`, `\r`, `\t`,
/// `\\` and other control characters are escaped (`\u{1b}`), and bytes that
/// are not UTF-8 are shown as `\xNN`.
///
/// ```
/// use beatty_problems::text::excerpt;
/// assert_eq!(excerpt(b"Stan", 64), "Stan");
/// assert_eq!(excerpt(b"\x1b[2Jverdict: AC\n", 64), "\\u{1b}[2Jverdict: AC\\n");
/// assert_eq!(excerpt(b"\xff1", 64), "\\xff1");
/// assert_eq!(excerpt(&[b'7'; 100], 4), "7777…(100 bytes)");
/// assert_eq!(excerpt("φφφ".as_bytes(), 3), "φ…(6 bytes)");
/// ```
#[must_use]
pub fn excerpt(bytes: &[u8], max: usize) -> String {
    excerpt_of(bytes, bytes.len() as u64, max)
}

/// [`excerpt`] of a token `len` bytes long of which only the first bytes,
/// `kept`, are at hand (a stream): the same text as the whole token's when
/// `kept` holds at least `max + 4` bytes or the whole token.
///
/// ```
/// use beatty_problems::text::{excerpt, excerpt_of};
/// let t = [b'7'; 100];
/// assert_eq!(excerpt_of(&t[..72], 100, 64), excerpt(&t, 64));
/// ```
#[must_use]
pub fn excerpt_of(kept: &[u8], len: u64, max: usize) -> String {
    let bytes = kept;
    let mut out = String::new();
    let mut shown = 0;
    let mut rest = bytes;
    while !rest.is_empty() {
        let (chunk, bad) = match core::str::from_utf8(rest) {
            Ok(s) => (s, None),
            Err(e) => {
                let (good, after) = rest.split_at(e.valid_up_to());
                let good = core::str::from_utf8(good).unwrap_or_default();
                (good, after.first().copied())
            }
        };
        for c in chunk.chars() {
            if shown + c.len_utf8() > max {
                return cut(out, len);
            }
            shown += c.len_utf8();
            match c {
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => out.extend(c.escape_debug()),
                c => out.push(c),
            }
        }
        let Some(b) = bad else { break };
        if shown + 1 > max {
            return cut(out, len);
        }
        shown += 1;
        out.push_str(&format!("\\x{b:02x}"));
        rest = &rest[chunk.len() + 1..];
    }
    if len > bytes.len() as u64 {
        return cut(out, len);
    }
    out
}

/// What stands at a place of an input, for messages `expected …, found …`
/// (the validator, the solver and domain errors all use it): the token there,
/// up to the next ASCII whitespace, quoted and cut like [`excerpt`]; or, when
/// the place holds no token, the whitespace byte or the end named
/// ([`found_blank`]).
///
/// ```
/// use beatty_problems::text::found;
/// assert_eq!(found(b"007x 5\n"), "\"007x\"");
/// assert_eq!(found(b"\t5\n"), "a tab");
/// assert_eq!(found(b""), "end of file");
/// assert_eq!(found(&[b'7'; 100]), "\"7777777777777777777777777777777777777777777777777777777777777777…(100 bytes)\"");
/// ```
#[must_use]
pub fn found(rest: &[u8]) -> String {
    let end = rest
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(rest.len());
    if end == 0 {
        found_blank(rest.first().copied())
    } else {
        found_token(&rest[..end.min(TOKEN_BYTES)], end as u64)
    }
}

/// A token for [`found`] when only its first bytes are at hand (a stream):
/// `shown` (at most [`TOKEN_BYTES`] of them are shown) of a token `len` bytes long.
#[must_use]
pub fn found_token(shown: &[u8], len: u64) -> String {
    let shown = &shown[..shown.len().min(TOKEN_BYTES)];
    if len > shown.len() as u64 {
        format!("\"{}…({len} bytes)\"", excerpt(shown, TOKEN_BYTES))
    } else {
        format!("\"{}\"", excerpt(shown, TOKEN_BYTES))
    }
}

/// A place without a token for [`found`]: `end of file` (`None`), `end of
/// line`, `a space`, `a tab`, `a carriage return`, or another byte quoted
/// and escaped.
#[must_use]
pub fn found_blank(next: Option<u8>) -> String {
    match next {
        None => "end of file".into(),
        Some(b'\n') => "end of line".into(),
        Some(b' ') => "a space".into(),
        Some(b'\t') => "a tab".into(),
        Some(b'\r') => "a carriage return".into(),
        Some(b) => format!("\"{}\"", excerpt(&[b], TOKEN_BYTES)),
    }
}

fn cut(mut out: String, len: u64) -> String {
    out.push_str(&format!("…({len} bytes)"));
    out
}

/// A decimal `u64` token as the interactive protocol writes it (digits, no
/// sign, no leading zero), or why it is not one, for messages.
pub(crate) fn number(token: &[u8]) -> Result<u64, &'static str> {
    if token.is_empty() {
        return Err("an empty token");
    }
    if token[0] == b'-' && token.len() > 1 && token[1..].iter().all(u8::is_ascii_digit) {
        return Err("a negative number");
    }
    if !token.iter().all(u8::is_ascii_digit) {
        return Err("not a number written in decimal digits");
    }
    if token.len() > 1 && token[0] == b'0' {
        return Err("a number with a leading zero");
    }
    let mut v: u64 = 0;
    for &d in token {
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d - b'0')))
            .ok_or("a number beyond 18446744073709551615")?;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// [`excerpt`] by its definition, on the standard library's split of bytes
    /// into valid text and invalid bytes (`utf8_chunks`).
    fn excerpt_by_chunks(bytes: &[u8], max: usize) -> String {
        let mut out = String::new();
        let mut shown = 0;
        let cut = |out: String| format!("{out}…({} bytes)", bytes.len());
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                shown += c.len_utf8();
                if shown > max {
                    return cut(out);
                }
                match c {
                    '\\' => out += "\\\\",
                    c if c.is_control() => out.extend(c.escape_debug()),
                    c => out.push(c),
                }
            }
            for b in chunk.invalid() {
                shown += 1;
                if shown > max {
                    return cut(out);
                }
                out += &format!("\\x{b:02x}");
            }
        }
        out
    }

    #[test]
    fn excerpt_matches_its_definition_on_random_bytes() {
        // ASCII, control bytes, the pieces of two- and three-byte characters
        // (whole, cut short, or out of order) and bytes that are never UTF-8.
        let pieces: [&[u8]; 11] = [
            b"a",
            b"7",
            b"'",
            b"\"",
            b"\\",
            b"\n",
            b"\x1b",
            "φ".as_bytes(),
            "€".as_bytes(),
            b"\xe2\x82",
            b"\xff",
        ];
        let mut rng = SplitMix64::new(67);
        for _ in 0..20_000 {
            let mut bytes = Vec::new();
            for _ in 0..rng.range(0, 12) {
                bytes.extend_from_slice(pieces[rng.range(0, 10) as usize]);
            }
            let max = rng.range(0, 16) as usize;
            let want = excerpt_by_chunks(&bytes, max);
            assert_eq!(excerpt(&bytes, max), want, "{bytes:?} {max}");
            // The streaming form, with the first bytes only: the same text when
            // at least max + 4 bytes are kept (or all of them).
            let kept = (max + 4).min(bytes.len());
            assert_eq!(
                excerpt_of(&bytes[..kept], bytes.len() as u64, max),
                want,
                "{bytes:?} {max}"
            );
            // and marked as cut when fewer bytes are kept than the token has
            if kept < bytes.len() {
                let short = excerpt_of(&bytes[..1.min(kept)], bytes.len() as u64, 64);
                assert!(
                    short.ends_with(&format!("…({} bytes)", bytes.len())),
                    "{short}"
                );
            }
        }
    }

    #[test]
    fn found_names_what_stands_at_the_place() {
        // The names of the docs of `found_blank`.
        assert_eq!(found_blank(None), "end of file");
        assert_eq!(found_blank(Some(b'\n')), "end of line");
        assert_eq!(found_blank(Some(b' ')), "a space");
        assert_eq!(found_blank(Some(b'\t')), "a tab");
        assert_eq!(found_blank(Some(b'\r')), "a carriage return");
        assert_eq!(found_blank(Some(0x0b)), "\"\\u{b}\"");
        assert_eq!(found(b"\n5"), "end of line");
        assert_eq!(found(b"12 5"), "\"12\"");
        assert_eq!(found_token(b"12", 2), "\"12\"");
        assert_eq!(found_token(b"12", 70), "\"12…(70 bytes)\"");
    }

    #[test]
    fn never_longer_than_the_bound_plus_the_marker_and_never_raw_control() {
        let nasty: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        let e = excerpt(&nasty, 64);
        assert!(e.ends_with("…(10000 bytes)"), "{e}");
        // Each shown byte becomes at most 4 escaped characters (`\xNN`) or 8 (`\u{1b}`).
        assert!(e.len() <= 64 * 8 + 20, "{}", e.len());
        assert!(!e.chars().any(|c| c.is_control()), "{e:?}");
    }
}
