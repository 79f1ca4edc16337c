//! The `exact_oracles` target: [`beatty_fuzz::exact`] has the property and the input layout.
#![no_main]

libfuzzer_sys::fuzz_target!(|input: beatty_fuzz::exact::Input| beatty_fuzz::exact::check(&input));
