//! The `judge_generate` target: [`beatty_fuzz::judge`] has the property and the input layout.
#![no_main]

libfuzzer_sys::fuzz_target!(|input: beatty_fuzz::judge::GenerateInput| {
    beatty_fuzz::judge::check_generate_fuzzed(&input)
});
