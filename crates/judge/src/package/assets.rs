//! The per-problem files of a package: solutions and custom output validators,
//! kept as source files under `src/package/assets/<problem name>/` and compiled
//! into the crate. They are selected by the problem's name, so a problem added
//! to [`crate::Problem`] is packaged as soon as its directory has an entry here.

/// One file of a package, at a path relative to the package root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// The path inside the package, e.g. `submissions/accepted/exact.py`.
    pub path: &'static str,
    /// The file's contents.
    pub contents: &'static str,
}

macro_rules! asset {
    ($problem:literal, $file:literal => $path:literal) => {
        Asset {
            path: $path,
            contents: include_str!(concat!("assets/", $problem, "/", $file)),
        }
    };
}

const TABLE: &[(&str, &[Asset])] = &[
    (
        "wythoff",
        &[
            asset!("wythoff", "exact.py" => "submissions/accepted/exact.py"),
            asset!("wythoff", "exact.cpp" => "submissions/accepted/exact.cpp"),
            asset!("wythoff", "float.py" => "submissions/wrong_answer/float.py"),
            asset!("wythoff", "one_line.c" => "submissions/accepted/one_line.c"),
            asset!("wythoff", "float.cpp" => "submissions/wrong_answer/float.cpp"),
            asset!("wythoff", "float32.c" => "submissions/wrong_answer/float32.c"),
            asset!("wythoff", "const_1618.c" => "submissions/wrong_answer/const_1618.c"),
            asset!("wythoff", "const_1618034.cpp" => "submissions/wrong_answer/const_1618034.cpp"),
            asset!("wythoff", "round.c" => "submissions/wrong_answer/round.c"),
            asset!("wythoff", "larger_pile.c" => "submissions/wrong_answer/larger_pile.c"),
            asset!("wythoff", "unsorted.cpp" => "submissions/wrong_answer/unsorted.cpp"),
            asset!("wythoff", "stops_at_zero.c" => "submissions/wrong_answer/stops_at_zero.c"),
            asset!("wythoff", "one_case.cpp" => "submissions/wrong_answer/one_case.cpp"),
            asset!("wythoff", "yes_no.c" => "submissions/wrong_answer/yes_no.c"),
            asset!("wythoff", "scan.py" => "submissions/time_limit_exceeded/scan.py"),
            asset!("wythoff", "eof.py" => "submissions/run_time_error/eof.py"),
        ],
    ),
    (
        "wythoff-moves",
        &[
            asset!("wythoff-moves", "output_validator.py" => "output_validators/wythoff_moves/validate.py"),
            asset!("wythoff-moves", "exact.py" => "submissions/accepted/exact.py"),
            asset!("wythoff-moves", "exact.cpp" => "submissions/accepted/exact.cpp"),
            asset!("wythoff-moves", "missing_smaller.cpp" => "submissions/wrong_answer/missing_smaller.cpp"),
            asset!("wythoff-moves", "no_both.cpp" => "submissions/wrong_answer/no_both.cpp"),
            asset!("wythoff-moves", "both_last.cpp" => "submissions/wrong_answer/both_last.cpp"),
            asset!("wythoff-moves", "unsorted_moves.cpp" => "submissions/wrong_answer/unsorted_moves.cpp"),
            asset!("wythoff-moves", "no_terminator.cpp" => "submissions/wrong_answer/no_terminator.cpp"),
            asset!("wythoff-moves", "const_1618034.cpp" => "submissions/wrong_answer/const_1618034.cpp"),
            asset!("wythoff-moves", "no_zero.cpp" => "submissions/wrong_answer/no_zero.cpp"),
            asset!("wythoff-moves", "one_line.cpp" => "submissions/wrong_answer/one_line.cpp"),
            asset!("wythoff-moves", "scan.py" => "submissions/time_limit_exceeded/scan.py"),
        ],
    ),
    (
        "bash",
        &[
            asset!("bash", "exact.py" => "submissions/accepted/exact.py"),
            asset!("bash", "exact.cpp" => "submissions/accepted/exact.cpp"),
            asset!("bash", "trailing_space.c" => "submissions/accepted/trailing_space.c"),
            asset!("bash", "off_by_one.py" => "submissions/wrong_answer/off_by_one.py"),
            asset!("bash", "first_period.c" => "submissions/wrong_answer/first_period.c"),
            asset!("bash", "swapped.cpp" => "submissions/wrong_answer/swapped.cpp"),
            asset!("bash", "count_short.c" => "submissions/wrong_answer/count_short.c"),
            asset!("bash", "no_count.c" => "submissions/wrong_answer/no_count.c"),
            asset!("bash", "capital.c" => "submissions/wrong_answer/capital.c"),
            asset!("bash", "search.py" => "submissions/time_limit_exceeded/search.py"),
            asset!("bash", "table_1000.py" => "submissions/run_time_error/table_1000.py"),
        ],
    ),
    (
        "bash-auction",
        &[
            asset!("bash-auction", "exact.py" => "submissions/accepted/exact.py"),
            asset!("bash-auction", "exact.cpp" => "submissions/accepted/exact.cpp"),
            asset!("bash-auction", "trailing_space.c" => "submissions/accepted/trailing_space.c"),
            asset!("bash-auction", "only_modulo.py" => "submissions/wrong_answer/only_modulo.py"),
            asset!("bash-auction", "only_m.c" => "submissions/wrong_answer/only_m.c"),
            asset!("bash-auction", "below_n.c" => "submissions/wrong_answer/below_n.c"),
            asset!("bash-auction", "modulo_n.cpp" => "submissions/wrong_answer/modulo_n.cpp"),
            asset!("bash-auction", "swapped.c" => "submissions/wrong_answer/swapped.c"),
            asset!("bash-auction", "one_case.cpp" => "submissions/wrong_answer/one_case.cpp"),
            asset!("bash-auction", "capital_none.c" => "submissions/wrong_answer/capital_none.c"),
            asset!("bash-auction", "search.py" => "submissions/time_limit_exceeded/search.py"),
            asset!("bash-auction", "eof.py" => "submissions/run_time_error/eof.py"),
        ],
    ),
    (
        "euclid",
        &[
            asset!("euclid", "exact.py" => "submissions/accepted/exact.py"),
            asset!("euclid", "exact.cpp" => "submissions/accepted/exact.cpp"),
            asset!("euclid", "float.py" => "submissions/wrong_answer/float.py"),
            asset!("euclid", "float.cpp" => "submissions/wrong_answer/float.cpp"),
            asset!("euclid", "ratio_1618.c" => "submissions/wrong_answer/ratio_1618.c"),
            asset!("euclid", "ratio_1618034.cpp" => "submissions/wrong_answer/ratio_1618034.cpp"),
            asset!("euclid", "int_2b.c" => "submissions/wrong_answer/int_2b.c"),
            asset!("euclid", "strict_2b.c" => "submissions/wrong_answer/strict_2b.c"),
            asset!("euclid", "unsorted.cpp" => "submissions/wrong_answer/unsorted.cpp"),
            asset!("euclid", "one_case.cpp" => "submissions/wrong_answer/one_case.cpp"),
            asset!("euclid", "lower_case.c" => "submissions/wrong_answer/lower_case.c"),
            asset!("euclid", "subtract.py" => "submissions/time_limit_exceeded/subtract.py"),
            asset!("euclid", "no_terminator.c" => "submissions/run_time_error/no_terminator.c"),
        ],
    ),
    (
        "wythoff-big",
        &[
            asset!("wythoff-big", "exact.py" => "submissions/accepted/exact.py"),
            asset!("wythoff-big", "exact.cpp" => "submissions/accepted/exact.cpp"),
            asset!("wythoff-big", "float.py" => "submissions/wrong_answer/float.py"),
            asset!("wythoff-big", "float.cpp" => "submissions/wrong_answer/float.cpp"),
            asset!("wythoff-big", "double.cpp" => "submissions/wrong_answer/double.cpp"),
            asset!("wythoff-big", "decimal_constant.cpp" => "submissions/wrong_answer/decimal_constant.cpp"),
            asset!("wythoff-big", "decimal_27.py" => "submissions/wrong_answer/decimal_27.py"),
            asset!("wythoff-big", "int_piles.c" => "submissions/wrong_answer/int_piles.c"),
            asset!("wythoff-big", "fixed_point.c" => "submissions/wrong_answer/fixed_point.c"),
            asset!("wythoff-big", "round.cpp" => "submissions/wrong_answer/round.cpp"),
            asset!("wythoff-big", "unsorted.cpp" => "submissions/wrong_answer/unsorted.cpp"),
            asset!("wythoff-big", "count_short.cpp" => "submissions/wrong_answer/count_short.cpp"),
            asset!("wythoff-big", "lower_case.cpp" => "submissions/wrong_answer/lower_case.cpp"),
            asset!("wythoff-big", "scan.py" => "submissions/time_limit_exceeded/scan.py"),
        ],
    ),
    (
        "fibonacci-nim",
        &[
            asset!("fibonacci-nim", "exact.py" => "submissions/accepted/exact.py"),
            asset!("fibonacci-nim", "exact.cpp" => "submissions/accepted/exact.cpp"),
            asset!("fibonacci-nim", "blank_lines.c" => "submissions/accepted/blank_lines.c"),
            asset!("fibonacci-nim", "float.cpp" => "submissions/wrong_answer/float.cpp"),
            asset!("fibonacci-nim", "int_table.c" => "submissions/wrong_answer/int_table.c"),
            asset!("fibonacci-nim", "short_table.cpp" => "submissions/wrong_answer/short_table.cpp"),
            asset!("fibonacci-nim", "no_two.cpp" => "submissions/wrong_answer/no_two.cpp"),
            asset!("fibonacci-nim", "overflow_square.c" => "submissions/wrong_answer/overflow_square.c"),
            asset!("fibonacci-nim", "binet_truncated.cpp" => "submissions/wrong_answer/binet_truncated.cpp"),
            asset!("fibonacci-nim", "binet_1618034.cpp" => "submissions/wrong_answer/binet_1618034.cpp"),
            asset!("fibonacci-nim", "no_terminator.c" => "submissions/wrong_answer/no_terminator.c"),
            asset!("fibonacci-nim", "capital_win.c" => "submissions/wrong_answer/capital_win.c"),
            asset!("fibonacci-nim", "search.py" => "submissions/time_limit_exceeded/search.py"),
        ],
    ),
];

/// The package files of the problem named `name` (a canonical name, as
/// [`crate::Problem::name`] gives), or `None` if it has none.
///
/// ```
/// use beatty_judge::package::assets;
/// let files = assets("wythoff-moves").unwrap();
/// assert!(files.iter().any(|a| a.path.starts_with("output_validators/")));
/// assert!(assets("nim").is_none());
/// ```
#[must_use]
pub fn assets(name: &str) -> Option<&'static [Asset]> {
    TABLE.iter().find(|(n, _)| *n == name).map(|(_, a)| *a)
}
