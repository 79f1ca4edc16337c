//! Cross-crate and end-to-end tests of the beatty workspace live in `tests/tests/`;
//! test data lives in `tests/data/`.
