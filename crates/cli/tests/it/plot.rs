//! `judge plot`: the structure of each picture checked against independent sources.
//!
//! The SVGs are read back (every `<rect>`, `<circle>` and `<polyline>` belongs to a
//! chart: legend keys are polygons)
//! and the cells they colour are compared with the games' definitions — Wythoff's
//! P-positions from `beatty_core::golden::is_p_position`, Euclid's and Bash's lost
//! positions from a brute-force search of the rules written here — and the hazard marks
//! with `beatty_float::hazards` (95 hazards up to 10⁹, a published count) and the
//! Fibonacci numbers. One SVG is rendered to PNG by `resvg`, another plot is asked for as
//! PNG and decoded, to show both are valid images.

use std::collections::{BTreeSet, HashMap};
use std::process::Command;

const P_COLOR: &str = "#D62728";
const N_COLOR: &str = "#C6DBEF";
const HAZARD_COLOR: &str = "#1F77B4";

fn judge(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("plot")
        .args(args)
        .output()
        .expect("run judge plot");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn svg(args: &[&str]) -> String {
    let mut a = args.to_vec();
    a.extend(["--out", "-"]);
    let (code, out, err) = judge(&a);
    assert_eq!(code, 0, "judge plot {args:?}: {err}");
    String::from_utf8(out).expect("SVG is UTF-8")
}

/// The elements named `tag` with their attributes.
fn elements(svg: &str, tag: &str) -> Vec<HashMap<String, String>> {
    let open = format!("<{tag} ");
    svg.match_indices(&open)
        .map(|(i, _)| {
            let rest = &svg[i + open.len()..];
            let body = &rest[..rest.find('>').expect("closed tag")];
            let mut attrs = HashMap::new();
            let mut s = body;
            while let Some(eq) = s.find("=\"") {
                let name = s[..eq].trim().to_owned();
                let v = &s[eq + 2..];
                let end = v.find('"').expect("closed attribute");
                attrs.insert(name, v[..end].to_owned());
                s = &v[end + 1..];
            }
            attrs
        })
        .collect()
}

fn num(e: &HashMap<String, String>, k: &str) -> f64 {
    e[k].parse().unwrap_or_else(|_| panic!("{k} of {e:?}"))
}

/// The grid of a board drawn as `<rect>`s of the given fills: (left, top, cell width,
/// cell height) from the bounding box of all of them, which covers the whole board.
fn grid(rects: &[&HashMap<String, String>], cols: u64, rows: u64) -> (f64, f64, f64, f64) {
    let left = rects.iter().map(|r| num(r, "x")).fold(f64::MAX, f64::min);
    let top = rects.iter().map(|r| num(r, "y")).fold(f64::MAX, f64::min);
    let right = rects
        .iter()
        .map(|r| num(r, "x") + num(r, "width"))
        .fold(f64::MIN, f64::max);
    let bottom = rects
        .iter()
        .map(|r| num(r, "y") + num(r, "height"))
        .fold(f64::MIN, f64::max);
    (
        left,
        top,
        (right - left) / cols as f64,
        (bottom - top) / rows as f64,
    )
}

/// The cells (column, row from the bottom) whose centres lie inside the rects of `fill`.
fn cells_of(svg: &str, fills: &[&str], fill: &str, cols: u64, rows: u64) -> BTreeSet<(u64, u64)> {
    let all = elements(svg, "rect");
    let board: Vec<_> = all
        .iter()
        .filter(|r| fills.contains(&r["fill"].as_str()))
        .collect();
    let (left, top, w, h) = grid(&board, cols, rows);
    let mut set = BTreeSet::new();
    for r in board.iter().filter(|r| r["fill"] == fill) {
        let (x, y) = (num(r, "x"), num(r, "y"));
        let (x1, y1) = (x + num(r, "width"), y + num(r, "height"));
        for i in 0..cols {
            let cx = left + (i as f64 + 0.5) * w;
            if cx < x || cx >= x1 {
                continue;
            }
            for j in 0..rows {
                let cy = top + (j as f64 + 0.5) * h;
                if cy >= y && cy < y1 {
                    assert!(set.insert((i, rows - 1 - j)), "cell ({i}, {j}) drawn twice");
                }
            }
        }
    }
    set
}

const BANDS: [&str; 8] = [
    "#440154", "#46327E", "#365C8D", "#277F8E", "#1FA187", "#4AC16D", "#9FDA3A", "#FDE725",
];

#[test]
fn wythoff_grundy_marks_exactly_the_p_positions() {
    for n in [1u64, 2, 12, 40] {
        let s = svg(&["wythoff", "--grundy", &n.to_string()]);
        // The heat map covers every cell once.
        let covered: usize = BANDS
            .iter()
            .map(|b| cells_of(&s, &BANDS, b, n, n).len())
            .sum();
        assert_eq!(covered as u64, n * n);
        let rects: Vec<_> = elements(&s, "rect");
        let board: Vec<_> = rects
            .iter()
            .filter(|r| BANDS.contains(&r["fill"].as_str()))
            .collect();
        let (left, top, w, h) = grid(&board, n, n);
        let marked: BTreeSet<(u64, u64)> = elements(&s, "circle")
            .iter()
            .filter(|c| c["fill"] == P_COLOR)
            .map(|c| {
                let a = ((num(c, "cx") - left) / w).floor() as u64;
                let b = n - 1 - ((num(c, "cy") - top) / h).floor() as u64;
                (a, b)
            })
            .collect();
        let expected: BTreeSet<(u64, u64)> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| beatty_core::golden::is_p_position(a, b))
            .collect();
        assert_eq!(marked, expected, "n = {n}");
        assert!(s.contains("Grundy values"), "title");
        assert!(s.contains("a (first pile)") && s.contains("b (second pile)"));
        assert!(
            s.contains("P-position (g = 0)") && s.contains("b = φ·a"),
            "legend"
        );
    }
}

#[test]
fn wythoff_grundy_bands_match_a_brute_force_table() {
    // Grundy values by the definition (mex over all options), then the cells of the
    // lowest band [0, max/8] compared with the picture's.
    let n = 24u64;
    let mut g = vec![vec![0u64; n as usize]; n as usize];
    for a in 0..n as usize {
        for b in 0..n as usize {
            let mut seen = BTreeSet::new();
            seen.extend((0..a).map(|x| g[x][b]));
            seen.extend((0..b).map(|y| g[a][y]));
            seen.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
            g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    let max = g.iter().flatten().copied().max().unwrap();
    let low: BTreeSet<(u64, u64)> = (0..n)
        .flat_map(|a| (0..n).map(move |b| (a, b)))
        .filter(|&(a, b)| g[a as usize][b as usize] * 8 < max + 1)
        .collect();
    let s = svg(&["wythoff", "--grundy", &n.to_string()]);
    assert_eq!(cells_of(&s, &BANDS, BANDS[0], n, n), low);
    assert!(s.contains(&format!("g = 0…{}", (max + 1).div_ceil(8) - 1)));
}

#[test]
fn wythoff_pairs_are_drawn_once_each() {
    let n = 50u64;
    let s = svg(&["wythoff", "--p-positions", &n.to_string()]);
    let circles = elements(&s, "circle");
    let upper = circles.iter().filter(|c| c["fill"] == HAZARD_COLOR).count();
    let lower = circles.iter().filter(|c| c["fill"] == P_COLOR).count();
    // P-positions with a ≤ b and with a > b, by the definition.
    let p = |a, b| beatty_core::golden::is_p_position(a, b);
    let want_upper = (0..n)
        .flat_map(|a| (a..n).map(move |b| (a, b)))
        .filter(|&(a, b)| p(a, b))
        .count();
    let want_lower = (0..n)
        .flat_map(|a| (0..a).map(move |b| (a, b)))
        .filter(|&(a, b)| p(a, b))
        .count();
    assert_eq!((upper, lower), (want_upper, want_lower));
    // The lines of slopes φ (#111111) and 1/φ (#FF7F0E); whatever the scales of the
    // axes, the ratio of their slopes in pixels is φ² = φ/(1/φ).
    let slope = |stroke: &str| {
        let lines: Vec<_> = elements(&s, "polyline")
            .into_iter()
            .filter(|l| l["stroke"] == stroke)
            .collect();
        assert_eq!(lines.len(), 1, "{stroke}");
        let pts: Vec<f64> = lines[0]["points"]
            .split([' ', ','])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(pts.len(), 4, "{pts:?}");
        // Pixel y grows downwards.
        (pts[1] - pts[3]) / (pts[2] - pts[0])
    };
    let ratio = slope("#111111") / slope("#FF7F0E");
    assert!((ratio - 2.618_034).abs() < 0.03, "{ratio}");
}

/// Euclid's game by brute force: `lost[a][b]` for 0 ≤ a, b ≤ n.
fn euclid_lost(n: usize) -> Vec<Vec<bool>> {
    let mut lost = vec![vec![false; n + 1]; n + 1];
    for s in 0..=2 * n {
        for a in 0..=n.min(s) {
            let b = s - a;
            if b > n {
                continue;
            }
            if a == 0 || b == 0 {
                lost[a][b] = true; // terminal: the player to move has lost
                continue;
            }
            let mut opts = Vec::new();
            if a >= b {
                opts.extend((1..=a / b).map(|q| (a - q * b, b)));
            }
            if b >= a {
                opts.extend((1..=b / a).map(|q| (a, b - q * a)));
            }
            lost[a][b] = opts.iter().all(|&(x, y)| !lost[x][y]);
        }
    }
    lost
}

#[test]
fn euclid_lost_cells_match_brute_force() {
    let n = 30u64;
    let s = svg(&["euclid", &n.to_string()]);
    let lost = euclid_lost(n as usize);
    let want: BTreeSet<(u64, u64)> = (1..=n)
        .flat_map(|a| (1..=n).map(move |b| (a, b)))
        .filter(|&(a, b)| lost[a as usize][b as usize])
        .map(|(a, b)| (a - 1, b - 1))
        .collect();
    let fills = [N_COLOR, P_COLOR];
    assert_eq!(cells_of(&s, &fills, P_COLOR, n, n), want);
    assert_eq!(
        cells_of(&s, &fills, N_COLOR, n, n).len() + want.len(),
        (n * n) as usize
    );
}

#[test]
fn bash_lost_cells_match_brute_force() {
    let (n, m) = (40u64, 7u64);
    let s = svg(&["bash", &n.to_string(), &m.to_string()]);
    let mut want = BTreeSet::new();
    for take in 1..=m {
        // lost[k]: no take leads to a lost pile.
        let mut lost = vec![false; n as usize + 1];
        for k in 0..=n as usize {
            lost[k] = (1..=take as usize)
                .filter(|&t| t <= k)
                .all(|t| !lost[k - t]);
            if lost[k] {
                want.insert((k as u64, take - 1));
            }
        }
    }
    assert_eq!(cells_of(&s, &[N_COLOR, P_COLOR], P_COLOR, n + 1, m), want);
}

#[test]
fn hazards_marks_the_95_and_the_fibonacci_ones() {
    let s = svg(&["hazards", "--to", "10^9"]);
    let circles = elements(&s, "circle");
    let fib: BTreeSet<u64> = beatty_core::zeckendorf::FIBONACCI
        .iter()
        .filter(|&&f| (1..=1_000_000_000).contains(&f))
        .map(|&f| f as u64)
        .collect();
    // Whether a Fibonacci number is a hazard: the float formula against the exact value.
    let fib_hazards = fib
        .iter()
        .filter(|&&k| beatty_float::lower_f64(k) as u128 != beatty_core::golden::lower_wide(k))
        .count();
    assert!(fib_hazards >= 1);
    let red = circles.iter().filter(|c| c["fill"] == P_COLOR).count();
    let blue = circles.iter().filter(|c| c["fill"] == HAZARD_COLOR).count();
    assert_eq!((red, blue), (fib_hazards, 95 - fib_hazards));
    // One bar per decade with a hazard: only [10^8, 10^9) up to 10^9.
    let bars = elements(&s, "rect")
        .iter()
        .filter(|r| r["fill"] == HAZARD_COLOR)
        .count();
    assert_eq!(bars, 1);
    assert!(s.contains("95 listed"));
}

#[test]
fn same_bytes_every_time_and_big_boards_stay_small() {
    let a = svg(&["wythoff", "--grundy", "2048"]);
    let b = svg(&["wythoff", "--grundy", "2048"]);
    assert!(a == b, "the N = 2048 SVG differs between two runs");
    assert!(a.len() < 5_000_000, "{} bytes", a.len());
    assert_eq!(elements(&a, "image").len(), 1, "one embedded raster");
}

#[test]
fn svg_renders_to_a_png() {
    let s = svg(&["euclid", "20"]);
    let tree =
        resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).expect("a valid SVG");
    let size = tree.size().to_int_size();
    assert_eq!((size.width(), size.height()), (960, 760));
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    // The lost cells are red: some pixel must be (0xD6, 0x27, 0x28).
    assert!(
        pixmap
            .pixels()
            .iter()
            .any(|p| (p.red(), p.green(), p.blue()) == (0xD6, 0x27, 0x28))
    );
    let png = pixmap.encode_png().expect("PNG");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn png_output_decodes() {
    let (code, out, err) = judge(&["bash", "30", "5", "--png", "--out", "-"]);
    assert_eq!(code, 0, "{err}");
    let img = image::load_from_memory(&out).expect("a PNG");
    assert_eq!((img.width(), img.height()), (960, 760));
}

#[test]
fn default_file_name_and_out_of_range_errors() {
    let scratch = tempfile::tempdir().expect("a scratch directory");
    let dir = scratch.path();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["plot", "bash", "10", "2"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(dir.join("bash-10-2.svg").is_file());

    for (args, msg) in [
        (
            &["wythoff", "--grundy", "2049"][..],
            "from 1 to 2048, found 2049",
        ),
        (&["wythoff", "--grundy", "0"][..], "from 1 to 2048, found 0"),
        (&["euclid", "0"][..], "from 1 to 2048"),
        (&["bash", "10", "0"][..], "M must be from 1 to 256"),
        (
            &["hazards", "--to", "10^13"][..],
            "--to must be from 10 to 1000000000000",
        ),
        (
            &["hazards", "--to", "2^x"][..],
            "not a whole number (write 1000000, 10^6 or 1e6)",
        ),
        (&["hazards", "--to", "10^30"][..], "too large"),
        (
            &["wythoff", "--grundy", "5", "--p-positions", "5"][..],
            "cannot be used with",
        ),
        (&["wythoff"][..], "required"),
    ] {
        let (code, out, err) = judge(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(msg), "{args:?}: {err}");
    }
}

#[test]
fn the_phi_lines_are_drawn_over_the_p_position_marks() {
    // SVG paints in document order: a line drawn before the marks is hidden under them
    // (at N = 2048 about 1565 marks sit on the two lines). Every stroke of the φ lines
    // (#111111 and #FF7F0E) must come after the last P-position circle.
    for n in ["32", "300"] {
        let s = svg(&["wythoff", "--grundy", n]);
        let last_mark = s
            .match_indices("<circle ")
            .filter(|(i, _)| s[*i..].split('>').next().unwrap().contains(P_COLOR))
            .map(|(i, _)| i)
            .last()
            .expect("P-position marks");
        let strokes: Vec<usize> = s
            .match_indices("<polyline ")
            .filter(|(i, _)| {
                let tag = s[*i..].split('>').next().unwrap();
                tag.contains("stroke=\"#111111\"") || tag.contains("stroke=\"#FF7F0E\"")
            })
            .map(|(i, _)| i)
            .collect();
        assert!(strokes.len() >= 2, "n = {n}: the two lines");
        assert!(
            strokes.iter().all(|&i| i > last_mark),
            "n = {n}: a φ line is drawn before (under) the marks"
        );
    }
}

/// The centred `<text>` elements (axis labels): (x, y, font size, text), rotated ones
/// left out.
fn texts(svg: &str) -> Vec<(f64, f64, f64, String)> {
    elements(svg, "text")
        .into_iter()
        .zip(svg.split("<text ").skip(1))
        .filter(|(e, _)| {
            !e.contains_key("transform") && e.get("text-anchor").is_some_and(|a| a == "middle")
        })
        .map(|(e, raw)| {
            let body = &raw[raw.find('>').unwrap() + 1..raw.find("</text>").unwrap()];
            (
                num(&e, "x"),
                num(&e, "y"),
                num(&e, "font-size"),
                body.trim().to_owned(),
            )
        })
        .collect()
}

#[test]
fn axis_labels_do_not_run_into_each_other() {
    // Centred labels on one row (same y) must be further apart than half their widths
    // together; a character of a sans-serif font is at most about 0.6 em wide here
    // (digits, `e`, `^`). The log-scale k axis used to print 8e8, 9e8, 1e9 19 px apart.
    for args in [
        &["hazards", "--to", "10^12"][..],
        &["hazards", "--to", "10^9"][..],
        &["wythoff", "--grundy", "2048"][..],
        &["euclid", "60"][..],
        &["bash", "60", "12"][..],
    ] {
        let s = svg(args);
        let mut rows: HashMap<i64, Vec<(f64, f64, String)>> = HashMap::new();
        for (x, y, size, t) in texts(&s) {
            if !t.is_empty() {
                rows.entry(y as i64).or_default().push((x, size, t));
            }
        }
        for (y, mut row) in rows {
            row.sort_by(|a, b| a.0.total_cmp(&b.0));
            row.dedup();
            for w in row.windows(2) {
                let ((x0, s0, t0), (x1, s1, t1)) = (&w[0], &w[1]);
                let need = 0.6 * (s0 * t0.chars().count() as f64 + s1 * t1.chars().count() as f64)
                    / 2.0
                    + 4.0;
                assert!(
                    x1 - x0 >= need,
                    "{args:?}: labels {t0:?} and {t1:?} at y = {y} are {} px apart",
                    x1 - x0
                );
            }
        }
    }
    // The log axis is labelled at powers of ten only.
    let s = svg(&["hazards", "--to", "10^9"]);
    assert!(s.contains("\n10^8\n</text>"), "10^8 label");
    assert!(!s.contains("\n8e8\n"), "8e8 label");
}
