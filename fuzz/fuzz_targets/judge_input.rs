//! The `judge_input` target: arbitrary bytes through [`beatty_fuzz::judge::check_input`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| beatty_fuzz::judge::check_input(data));
