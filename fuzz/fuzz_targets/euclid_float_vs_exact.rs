//! The `euclid_float_vs_exact` target: [`beatty_fuzz::euclid`] has the property and the input layout.
#![no_main]

libfuzzer_sys::fuzz_target!(|input: beatty_fuzz::euclid::Input| beatty_fuzz::euclid::check(&input));
