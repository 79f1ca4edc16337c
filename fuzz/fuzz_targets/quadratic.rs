//! The `quadratic` target: [`beatty_fuzz::quadratic`] has the property and the input layout.
#![no_main]

libfuzzer_sys::fuzz_target!(
    |input: beatty_fuzz::quadratic::Input| beatty_fuzz::quadratic::check(&input)
);
