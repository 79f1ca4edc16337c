//! The one number syntax of the command line: wherever a count, a bound, a
//! seed or a position is given, `judge` takes plain digits (`1000000`), a power
//! (`10^6`) or a decimal exponent (`1e6`, `25e8`), parsed exactly as integers
//! (never through a float). [`count`] is the clap value parser; a refusal says
//! which forms are accepted.

/// The forms a number may take, for messages.
pub(crate) const FORMS: &str = "write 1000000, 10^6 or 1e6";

/// Parses `s` as a `u64` in one of the three forms: digits, `B^E` or `Me E`
/// (all of B, E and M plain digits). No sign, no spaces, no fractions; a value
/// above `u64::MAX` is refused, naming the limit.
///
/// # Errors
/// What is wrong, with the accepted forms; the text is bounded and escaped.
pub(crate) fn count(s: &str) -> Result<u64, String> {
    let shown = || beatty_problems::text::excerpt(s.as_bytes(), 40);
    let not_a_number = || format!("'{}' is not a whole number ({FORMS})", shown());
    let too_large = || format!("'{}' is too large (the largest is {})", shown(), u64::MAX);
    // Digits only, without the standard parser's `+`; `None` when too large.
    let digits = |d: &str| -> Result<Option<u64>, String> {
        if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
            return Err(not_a_number());
        }
        Ok(d.bytes().try_fold(0u64, |v, b| {
            v.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        }))
    };
    let exponent = |e: &str| -> Result<u32, String> {
        match digits(e)? {
            Some(e) => Ok(u32::try_from(e).unwrap_or(u32::MAX)),
            None => Err(too_large()),
        }
    };
    let value = if let Some((base, e)) = s.split_once('^') {
        let base = digits(base)?.ok_or_else(too_large)?;
        let e = exponent(e)?;
        base.checked_pow(e)
    } else if let Some((mantissa, e)) = s.split_once(['e', 'E']) {
        let mantissa = digits(mantissa)?.ok_or_else(too_large)?;
        let e = exponent(e)?;
        if mantissa == 0 {
            Some(0)
        } else {
            10u64.checked_pow(e).and_then(|p| mantissa.checked_mul(p))
        }
    } else {
        digits(s)?
    };
    value.ok_or_else(too_large)
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn the_three_forms_are_exact() {
        assert_eq!(count("0"), Ok(0));
        assert_eq!(count("1000000"), Ok(1_000_000));
        assert_eq!(count("10^12"), Ok(1_000_000_000_000));
        assert_eq!(count("2^63"), Ok(1 << 63));
        assert_eq!(count("1e12"), Ok(1_000_000_000_000));
        assert_eq!(count("25E8"), Ok(2_500_000_000));
        assert_eq!(count("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(count("0e999"), Ok(0));
        assert_eq!(count("10^0"), Ok(1));
    }

    #[test]
    fn refusals_name_the_forms_or_the_limit() {
        for bad in [
            "", "x", "10^x", "1.5", "-1", "+1", "1e", "^3", "1 000", "1e-3", "0x10",
        ] {
            let e = count(bad).unwrap_err();
            assert!(e.contains("10^6 or 1e6"), "{bad:?}: {e}");
        }
        for big in [
            "18446744073709551616",
            "10^20",
            "1e20",
            "2^64",
            "1e99999999999",
        ] {
            let e = count(big).unwrap_err();
            assert!(e.contains("too large"), "{big:?}: {e}");
        }
    }
}
