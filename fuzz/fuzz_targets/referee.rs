//! The `referee` target: arbitrary contestants through [`beatty_fuzz::referee::check`].
#![no_main]

libfuzzer_sys::fuzz_target!(|input: beatty_fuzz::referee::Input| {
    beatty_fuzz::referee::check(&input);
});
