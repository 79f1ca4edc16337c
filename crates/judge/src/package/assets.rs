//! The per-problem files of a package: solutions and custom output validators.
//! Each problem keeps them in the directory named after its module
//! (`src/problem/wythoff_moves/`), listed in its [`Spec`](beatty_problems::problem::Spec)'s
//! `assets`, so that a problem brings its own package files and there is no
//! second registry to edit.

use beatty_problems::Problem;
pub use beatty_problems::problem::Asset;

/// The package files of the problem named `name` (a canonical name, as
/// [`beatty_problems::Problem::name`] gives), or `None` if it has none.
///
/// ```
/// use beatty_judge::package::assets;
/// let files = assets("wythoff-moves").unwrap();
/// assert!(files.iter().any(|a| a.path.starts_with("output_validators/")));
/// assert!(assets("nim").is_none());
/// ```
#[must_use]
pub fn assets(name: &str) -> Option<&'static [Asset]> {
    Problem::ALL
        .into_iter()
        .find(|p| p.name() == name)
        .map(|p| p.spec().assets)
        .filter(|a| !a.is_empty())
}
