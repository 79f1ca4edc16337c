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
/// use beatty_judge::text::excerpt;
/// assert_eq!(excerpt(b"Stan", 64), "Stan");
/// assert_eq!(excerpt(b"\x1b[2Jverdict: AC\n", 64), "\\u{1b}[2Jverdict: AC\\n");
/// assert_eq!(excerpt(b"\xff1", 64), "\\xff1");
/// assert_eq!(excerpt(&[b'7'; 100], 4), "7777…(100 bytes)");
/// assert_eq!(excerpt("φφφ".as_bytes(), 3), "φ…(6 bytes)");
/// ```
#[must_use]
pub fn excerpt(bytes: &[u8], max: usize) -> String {
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
                return cut(out, bytes.len());
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
            return cut(out, bytes.len());
        }
        shown += 1;
        out.push_str(&format!("\\x{b:02x}"));
        rest = &rest[chunk.len() + 1..];
    }
    out
}

fn cut(mut out: String, len: usize) -> String {
    out.push_str(&format!("…({len} bytes)"));
    out
}

#[cfg(test)]
mod tests {
    use super::excerpt;

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
