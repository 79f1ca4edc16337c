//! The `lower_float_vs_exact` target: [`beatty_fuzz::lower`] has the property and the input layout.
#![no_main]

libfuzzer_sys::fuzz_target!(|input: beatty_fuzz::lower::Input| beatty_fuzz::lower::check(&input));
