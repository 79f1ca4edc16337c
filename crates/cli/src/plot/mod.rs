//! `judge plot`: pictures of the games and of the float hazards, as SVG or PNG.
//!
//! Each picture is computed exactly first (Grundy table, outcomes, hazard lists from the
//! library crates) and then drawn with `plotters` on its SVG backend, or on its bitmap
//! backend for `--png`. Text is laid out with the DejaVu Sans font embedded in the binary
//! (`plot/DejaVuSans.ttf`, see `plot/LICENSE-DejaVu.txt`), so a PNG needs no system fonts
//! and the same command makes the same bytes on every machine.
//!
//! Boards are drawn as runs: each column of equal colours is one rectangle. A board wider
//! than [`RASTER_ABOVE`] cells is drawn as one embedded raster image instead (one pixel
//! per plot pixel, the colour of the cell under the pixel's centre), which keeps the
//! N = 2048 Grundy map small (see the README for its size and time). Marks (P-positions,
//! Wythoff pairs, hazards) are always separate shapes on top.

mod data;

use beatty_core::golden;
use clap::{Args, Subcommand};
use data::{
    LIST_TO, bash_board as bash_cells, euclid_board as euclid_cells, wythoff_grundy_values,
};
pub use data::{hazard_data, wythoff_p_cells};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Largest board side of `plot wythoff`.
pub const MAX_WYTHOFF: u64 = 2048;
/// Largest board side of `plot euclid`.
pub const MAX_EUCLID: u64 = 2048;
/// Largest pile of `plot bash`.
pub const MAX_BASH_N: u64 = 4096;
/// Largest maximum take of `plot bash`.
pub const MAX_BASH_M: u64 = 256;
/// Largest `--to` of `plot hazards` (10¹², as `judge hazards --count-only` reaches).
pub const MAX_HAZARDS_TO: u64 = 1_000_000_000_000;
/// Boards with more cells per side than this are drawn as an embedded raster.
pub const RASTER_ABOVE: u64 = 256;

const FONT: &[u8] = include_bytes!("DejaVuSans.ttf");
const SIZE: (u32, u32) = (960, 760);
/// Width of the legend to the right of each chart, in pixels.
const LEGEND_WIDTH: u32 = 230;
/// Eight colours of the viridis map, for the value bands of a heat map.
const BANDS: [RGBColor; 8] = [
    RGBColor(0x44, 0x01, 0x54),
    RGBColor(0x46, 0x32, 0x7e),
    RGBColor(0x36, 0x5c, 0x8d),
    RGBColor(0x27, 0x7f, 0x8e),
    RGBColor(0x1f, 0xa1, 0x87),
    RGBColor(0x4a, 0xc1, 0x6d),
    RGBColor(0x9f, 0xda, 0x3a),
    RGBColor(0xfd, 0xe7, 0x25),
];
/// The colour of P-positions (lost for the player to move).
pub const P_COLOR: RGBColor = RGBColor(0xd6, 0x27, 0x28);
/// The colour of N-positions where only two classes are shown.
pub const N_COLOR: RGBColor = RGBColor(0xc6, 0xdb, 0xef);
/// Near black, to tell the line apart from the axes (also black) in the SVG.
const PHI_COLOR: RGBColor = RGBColor(0x11, 0x11, 0x11);
const INV_PHI_COLOR: RGBColor = RGBColor(0xff, 0x7f, 0x0e);
const FIB_COLOR: RGBColor = RGBColor(0xd6, 0x27, 0x28);
const HAZARD_COLOR: RGBColor = RGBColor(0x1f, 0x77, 0xb4);
const PHI: f64 = 1.618_033_988_749_895;

/// Options of `judge plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    #[command(subcommand)]
    what: What,
}

/// Where and how to write the picture (shared by every plot).
#[derive(Args, Debug, Clone)]
pub struct Output {
    /// The file to write, or `-` for standard output (default: a name derived from the
    /// plot, e.g. `wythoff-grundy-64.svg`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write a PNG instead of an SVG.
    #[arg(long)]
    pub png: bool,
}

#[derive(Subcommand, Debug)]
enum What {
    /// Wythoff's game: the Grundy values as a heat map, or the Wythoff pairs.
    Wythoff(WythoffArgs),
    /// Where the double formula for ⌊kφ⌋ fails: count per decade and the hazards up to 10⁹.
    Hazards(HazardsPlotArgs),
    /// Euclid's game: won and lost positions (a, b) for 1 ≤ a, b ≤ N and the ratio-φ lines.
    Euclid {
        /// The largest a and b, e.g. `60`.
        #[arg(value_parser = crate::number::count)]
        n: u64,
        #[command(flatten)]
        output: Output,
    },
    /// Bash's game: the lost piles n ≤ N for every maximum take m ≤ M.
    Bash {
        /// The largest pile, e.g. `60`.
        #[arg(value_parser = crate::number::count)]
        n: u64,
        /// The largest maximum take, e.g. `12`.
        #[arg(value_parser = crate::number::count)]
        m: u64,
        #[command(flatten)]
        output: Output,
    },
}

#[derive(Args, Debug)]
#[group(id = "wythoff_kind", required = true, multiple = false)]
struct WythoffArgs {
    /// Heat map of the Grundy values of the N × N board, P-positions marked.
    #[arg(long, value_name = "N", group = "wythoff_kind", value_parser = crate::number::count)]
    grundy: Option<u64>,
    /// The Wythoff pairs (P-positions) of the N × N board on the lines of slopes φ and 1/φ.
    #[arg(long, value_name = "N", group = "wythoff_kind", value_parser = crate::number::count)]
    p_positions: Option<u64>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct HazardsPlotArgs {
    /// The last k, e.g. `10^12` (default 10^12).
    #[arg(long, value_parser = crate::number::count, default_value = "10^12")]
    to: u64,
    /// The float formula, as in `judge hazards`.
    #[arg(long, value_enum, default_value_t = crate::hazards::Formula::LowerF64)]
    formula: crate::hazards::Formula,
    #[command(flatten)]
    output: Output,
}

/// A picture, computed exactly and ready to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plot {
    /// Grundy values of Wythoff's game on the `n × n` board.
    WythoffGrundy(u64),
    /// The Wythoff pairs on the `n × n` board.
    WythoffPairs(u64),
    /// Hazards of `formula` in `0..=to`.
    Hazards {
        /// The last k.
        to: u64,
        /// The formula.
        formula: crate::hazards::Formula,
    },
    /// Euclid's game on `1..=n` squared.
    Euclid(u64),
    /// Bash's game, piles `0..=n`, maximum takes `1..=m`.
    Bash(u64, u64),
}

impl Plot {
    /// Checks the ranges; the message names the option and its limits.
    pub fn check(&self) -> Result<(), String> {
        let range = |what: &str, v: u64, lo: u64, hi: u64| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(format!("{what} must be from {lo} to {hi}, found {v}"))
            }
        };
        match *self {
            Plot::WythoffGrundy(n) => range("--grundy N", n, 1, MAX_WYTHOFF),
            Plot::WythoffPairs(n) => range("--p-positions N", n, 1, MAX_WYTHOFF),
            Plot::Euclid(n) => range("N", n, 1, MAX_EUCLID),
            Plot::Bash(n, m) => {
                range("N", n, 1, MAX_BASH_N)?;
                range("M", m, 1, MAX_BASH_M)
            }
            Plot::Hazards { to, formula } => {
                use crate::hazards::Formula as F;
                let max = match formula {
                    F::LowerF64 => MAX_HAZARDS_TO,
                    F::ClassifyF64 => 10_000_000_000,
                    F::LowerF32 => 1_000_000_000,
                };
                range("--to", to, 10, max)
            }
        }
    }

    /// The default file name (without extension).
    #[must_use]
    pub fn stem(&self) -> String {
        match *self {
            Plot::WythoffGrundy(n) => format!("wythoff-grundy-{n}"),
            Plot::WythoffPairs(n) => format!("wythoff-p-positions-{n}"),
            Plot::Euclid(n) => format!("euclid-{n}"),
            Plot::Bash(n, m) => format!("bash-{n}-{m}"),
            Plot::Hazards { to, formula } => {
                format!("hazards-{}-{to}", formula.name())
            }
        }
    }
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Registers the embedded font under the family name every plot uses.
fn register_font() -> Result<(), String> {
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| "the embedded font is invalid".to_owned())
}

/// Renders `plot` as an SVG document.
pub fn svg(plot: &Plot) -> Result<String, String> {
    plot.check()?;
    register_font()?;
    let mut s = String::new();
    {
        let root = SVGBackend::with_string(&mut s, SIZE).into_drawing_area();
        draw(&root, plot).map_err(|e| format!("cannot draw: {e}"))?;
        root.present().map_err(|e| format!("cannot draw: {e}"))?;
    }
    Ok(s)
}

/// Renders `plot` as a PNG image.
pub fn png(plot: &Plot) -> Result<Vec<u8>, String> {
    plot.check()?;
    register_font()?;
    let mut rgb = vec![0u8; SIZE.0 as usize * SIZE.1 as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
        draw(&root, plot).map_err(|e| format!("cannot draw: {e}"))?;
        root.present().map_err(|e| format!("cannot draw: {e}"))?;
    }
    let mut out = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut out),
        &rgb,
        SIZE.0,
        SIZE.1,
        image::ColorType::Rgb8,
    )
    .map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok(out)
}

/// Runs `judge plot`: the picture goes to a file (a failure names it, exit 3) or,
/// with `--out -`, to standard output (a failed write is handed to `main`).
pub fn run(args: &PlotArgs) -> crate::Outcome {
    let (plot, output) = match &args.what {
        What::Wythoff(w) => match (w.grundy, w.p_positions) {
            (Some(n), _) => (Plot::WythoffGrundy(n), &w.output),
            (None, Some(n)) => (Plot::WythoffPairs(n), &w.output),
            (None, None) => {
                return Ok(crate::fail(
                    crate::exit::USAGE,
                    "give --grundy N or --p-positions N",
                ));
            }
        },
        What::Hazards(h) => (
            Plot::Hazards {
                to: h.to,
                formula: h.formula,
            },
            &h.output,
        ),
        What::Euclid { n, output } => (Plot::Euclid(*n), output),
        What::Bash { n, m, output } => (Plot::Bash(*n, *m), output),
    };
    // A size out of range is a usage error; failing to draw, a failure of the judge.
    if let Err(e) = plot.check() {
        return Ok(crate::fail(crate::exit::USAGE, &e));
    }
    let bytes = if output.png {
        png(&plot)
    } else {
        svg(&plot).map(String::into_bytes)
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => return Ok(crate::fail(crate::exit::FAILED, &e)),
    };
    let ext = if output.png { "png" } else { "svg" };
    let path = output
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.{ext}", plot.stem())));
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(&bytes)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Err(e) = std::fs::write(&path, &bytes) {
        return Ok(crate::fail(
            crate::exit::FAILED,
            &format!("cannot write {}: {e}", path.display()),
        ));
    }
    // A note for the person at the terminal; nobody needs it when stderr is gone.
    let _ = writeln!(
        std::io::stderr(),
        "wrote {} ({} bytes)",
        path.display(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, plot: &Plot) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    match *plot {
        Plot::WythoffGrundy(n) => wythoff_grundy(root, n),
        Plot::WythoffPairs(n) => wythoff_pairs(root, n),
        Plot::Euclid(n) => euclid_board(root, n),
        Plot::Bash(n, m) => bash_board(root, n, m),
        Plot::Hazards { to, formula } => hazards_plot(root, to, formula),
    }
}

fn title_font() -> TextStyle<'static> {
    ("sans-serif", 20).into_font().color(&BLACK)
}

fn label_font() -> TextStyle<'static> {
    ("sans-serif", 15).into_font().color(&BLACK)
}

/// A legend entry: how its key looks, and its label.
enum Key {
    /// A filled square (a cell colour).
    Swatch(RGBColor),
    /// A line.
    Line(RGBColor),
    /// A dot of that radius (a mark).
    Dot(RGBColor, i32),
}

type Keys = Vec<(Key, String)>;

/// Draws the legend in its own area, to the right of the chart: one key and label per
/// line, from the top. Keys are polygons, so that every `<rect>`, `<circle>` and
/// `<polyline>` of an SVG belongs to a chart (the tests count them).
fn legend<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, keys: &Keys) -> DrawResult<DB> {
    let font = ("sans-serif", 13).into_font().color(&BLACK);
    for (i, (key, label)) in keys.iter().enumerate() {
        let y = 50 + 22 * i as i32;
        match *key {
            Key::Swatch(c) => area.draw(&Polygon::new(
                vec![(4, y - 6), (18, y - 6), (18, y + 6), (4, y + 6)],
                c.filled(),
            ))?,
            Key::Line(c) => area.draw(&Polygon::new(
                vec![(2, y - 1), (20, y - 1), (20, y + 1), (2, y + 1)],
                c.filled(),
            ))?,
            Key::Dot(c, r) => area.draw(&Polygon::new(
                (0..12)
                    .map(|i| {
                        let t = f64::from(i) * std::f64::consts::PI / 6.0;
                        let (sin, cos) = t.sin_cos();
                        let r = f64::from(r);
                        (11 + (r * cos).round() as i32, y + (r * sin).round() as i32)
                    })
                    .collect::<Vec<_>>(),
                c.filled(),
            ))?,
        }
        area.draw(&Text::new(label.as_str(), (26, y - 7), font.clone()))?;
    }
    Ok(())
}

type Board<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Splits `area` into the chart (left) and the legend (right).
fn split_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let w = area.dim_in_pixel().0;
    area.split_horizontally(w.saturating_sub(LEGEND_WIDTH))
}

/// A chart over `[x0, x1] × [y0, y1]` with a title and axis labels.
fn board_chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    (x0, x1, xdesc): (f64, f64, &str),
    (y0, y1, ydesc): (f64, f64, &str),
) -> Result<Board<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let mut chart = ChartBuilder::on(area)
        .caption(title, title_font())
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(xdesc)
        .y_desc(ydesc)
        .axis_desc_style(label_font())
        .label_style(("sans-serif", 13))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()?;
    Ok(chart)
}

/// Draws a board of `cols × rows` cells, cell (i, j) the unit square centred at
/// (x0 + i, y0 + j), coloured `colors[class(i, j)]`; adds the colours to `keys`.
fn cells<DB: DrawingBackend>(
    chart: &mut Board<'_, DB>,
    (x0, y0): (f64, f64),
    (cols, rows): (u64, u64),
    colors: &[(RGBColor, String)],
    class: &dyn Fn(u64, u64) -> usize,
    keys: &mut Keys,
) -> DrawResult<DB> {
    keys.extend(colors.iter().map(|(c, l)| (Key::Swatch(*c), l.clone())));
    if cols.max(rows) > RASTER_ABOVE {
        let area = chart.plotting_area();
        let (w, h) = area.dim_in_pixel();
        let mut buf = vec![255u8; w as usize * h as usize * 3];
        let (xr, yr) = (area.get_x_range(), area.get_y_range());
        for py in 0..h {
            // The centre of the pixel, in board coordinates.
            let y = yr.end - (f64::from(py) + 0.5) / f64::from(h) * (yr.end - yr.start);
            for px in 0..w {
                let x = xr.start + (f64::from(px) + 0.5) / f64::from(w) * (xr.end - xr.start);
                let (i, j) = ((x - x0 + 0.5).floor(), (y - y0 + 0.5).floor());
                if i < 0.0 || j < 0.0 || i >= cols as f64 || j >= rows as f64 {
                    continue;
                }
                let RGBColor(r, g, b) = colors[class(i as u64, j as u64)].0;
                let o = (py as usize * w as usize + px as usize) * 3;
                buf[o..o + 3].copy_from_slice(&[r, g, b]);
            }
        }
        if let Some(img) = BitMapElement::with_owned_buffer((xr.start, yr.end), (w, h), buf) {
            chart.draw_series(std::iter::once(img))?;
        }
        return Ok(());
    }
    let mut runs = Vec::new();
    for i in 0..cols {
        let mut j = 0;
        while j < rows {
            let c = class(i, j);
            let start = j;
            while j < rows && class(i, j) == c {
                j += 1;
            }
            let (x, y) = (x0 + i as f64 - 0.5, y0 + start as f64 - 0.5);
            runs.push(Rectangle::new(
                [(x, y), (x + 1.0, y0 + j as f64 - 0.5)],
                colors[c].0.filled(),
            ));
        }
    }
    chart.draw_series(runs)?;
    Ok(())
}

/// How a [`ray`] is drawn: its colour, width in pixels, and whether it is dashed (so
/// that the marks under it still show between the dashes).
struct RayStyle {
    color: RGBColor,
    width: u32,
    dashed: bool,
}

/// The line y = slope·x across the chart.
fn ray<DB: DrawingBackend>(
    chart: &mut Board<'_, DB>,
    slope: f64,
    style: RayStyle,
    label: &str,
    keys: &mut Keys,
) -> DrawResult<DB> {
    let RayStyle {
        color,
        width,
        dashed,
    } = style;
    let area = chart.plotting_area();
    let (xr, yr) = (area.get_x_range(), area.get_y_range());
    let x_start = xr.start.max(yr.start / slope).max(0.0);
    let x_end = xr.end.min(yr.end / slope);
    let ends = [(x_start, x_start * slope), (x_end, x_end * slope)];
    if dashed {
        chart.draw_series(DashedLineSeries::new(
            ends,
            12,
            8,
            color.stroke_width(width),
        ))?;
    } else {
        chart.draw_series(LineSeries::new(ends, color.stroke_width(width)))?;
    }
    keys.push((Key::Line(color), label.to_owned()));
    Ok(())
}

/// Marks cells (a, b) of a board of side `n` with a filled circle at their centre.
fn mark_cells<DB: DrawingBackend>(
    chart: &mut Board<'_, DB>,
    cells: &[(u64, u64)],
    n: u64,
    color: RGBColor,
    label: &str,
    keys: &mut Keys,
) -> DrawResult<DB> {
    let px = chart.plotting_area().dim_in_pixel().0;
    let r = ((f64::from(px) / n as f64 * 0.35) as i32).clamp(1, 8);
    chart.draw_series(
        cells
            .iter()
            .map(|&(a, b)| Circle::new((a as f64, b as f64), r, color.filled())),
    )?;
    keys.push((Key::Dot(color, r.max(4)), label.to_owned()));
    Ok(())
}

/// How the φ lines of the Grundy map are drawn over the P-position marks: on a large
/// board the marks are packed along the lines, so the lines are thicker and dashed and
/// the marks show between the dashes.
fn grundy_ray(n: u64, color: RGBColor) -> RayStyle {
    let large = n > RASTER_ABOVE;
    RayStyle {
        color,
        width: if large { 3 } else { 2 },
        dashed: large,
    }
}

/// A label for a log-scale axis: `10^e` at the powers of ten, nothing elsewhere (the
/// in-between ticks stay unlabelled, so no two labels run into each other).
fn power_of_ten_label(v: f64) -> String {
    if !(v.is_finite() && v > 0.0) {
        return String::new();
    }
    let e = v.log10().round();
    if (v / 10f64.powf(e) - 1.0).abs() < 1e-6 {
        format!("10^{e:.0}")
    } else {
        String::new()
    }
}

fn wythoff_grundy<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, n: u64) -> DrawResult<DB> {
    let side = usize::try_from(n).unwrap_or(usize::MAX);
    let Some(table) = wythoff_grundy_values(n) else {
        return Ok(());
    };
    let values = table.as_slice();
    let max = u64::from(values.iter().copied().max().unwrap_or(0));
    let bands = (BANDS.len() as u64).min(max + 1);
    let band = |g: u32| (u64::from(g) * bands / (max + 1)) as usize;
    let colors: Vec<(RGBColor, String)> = (0..bands)
        .map(|c| {
            let lo = (c * (max + 1)).div_ceil(bands);
            let hi = ((c + 1) * (max + 1)).div_ceil(bands) - 1;
            (BANDS[c as usize], format!("g = {lo}…{hi}"))
        })
        .collect();
    let nf = n as f64;
    let (main, side_area) = split_legend(root);
    let mut chart = board_chart(
        &main,
        &format!("Wythoff's game: Grundy values g(a, b), 0 ≤ a, b < {n}"),
        (-0.5, nf - 0.5, "a (first pile)"),
        (-0.5, nf - 0.5, "b (second pile)"),
    )?;
    let mut keys = Keys::new();
    let n_usize = side;
    cells(
        &mut chart,
        (0.0, 0.0),
        (n, n),
        &colors,
        &|a, b| band(values[a as usize * n_usize + b as usize]),
        &mut keys,
    )?;
    // The marks first, the lines over them: the lines run through the marks.
    let p = wythoff_p_cells(n);
    mark_cells(&mut chart, &p, n, P_COLOR, "P-position (g = 0)", &mut keys)?;
    ray(
        &mut chart,
        PHI,
        grundy_ray(n, PHI_COLOR),
        "b = φ·a",
        &mut keys,
    )?;
    let style = grundy_ray(n, INV_PHI_COLOR);
    ray(&mut chart, 1.0 / PHI, style, "b = a/φ", &mut keys)?;
    legend(&side_area, &keys)
}

fn wythoff_pairs<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, n: u64) -> DrawResult<DB> {
    let nf = n as f64;
    let (main, side_area) = split_legend(root);
    let mut chart = board_chart(
        &main,
        &format!("Wythoff pairs (⌊kφ⌋, ⌊kφ²⌋) and mirror images below {n}"),
        (-0.5, nf - 0.5, "a (first pile)"),
        (-0.5, nf - 0.5, "b (second pile)"),
    )?;
    let mut keys = Keys::new();
    let thin = |color| RayStyle {
        color,
        width: 1,
        dashed: false,
    };
    ray(&mut chart, PHI, thin(PHI_COLOR), "b = φ·a", &mut keys)?;
    ray(
        &mut chart,
        1.0 / PHI,
        thin(INV_PHI_COLOR),
        "b = a/φ",
        &mut keys,
    )?;
    let (upper, lower): (Vec<_>, Vec<_>) =
        wythoff_p_cells(n).into_iter().partition(|&(a, b)| a <= b);
    mark_cells(
        &mut chart,
        &upper,
        n,
        HAZARD_COLOR,
        "(⌊kφ⌋, ⌊kφ²⌋), k ≥ 0",
        &mut keys,
    )?;
    mark_cells(
        &mut chart,
        &lower,
        n,
        P_COLOR,
        "(⌊kφ²⌋, ⌊kφ⌋), k ≥ 1",
        &mut keys,
    )?;
    keys.push((Key::Swatch(WHITE), "each a ≥ 1 is ⌊kφ⌋ or ⌊kφ²⌋".to_owned()));
    keys.push((Key::Swatch(WHITE), "for exactly one k ≥ 1:".to_owned()));
    keys.push((Key::Swatch(WHITE), "one pair per row and column".to_owned()));
    legend(&side_area, &keys)
}

fn euclid_board<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, n: u64) -> DrawResult<DB> {
    let top = n as f64 + 1.0;
    let (main, side_area) = split_legend(root);
    let mut chart = board_chart(
        &main,
        &format!("Euclid's game: who wins at (a, b), 1 ≤ a, b ≤ {n}"),
        (0.5, top - 0.5, "a"),
        (0.5, top - 0.5, "b"),
    )?;
    let colors = [
        (N_COLOR, "won by the player to move".to_owned()),
        (P_COLOR, "lost: 1/φ < b/a < φ, a ≠ b".to_owned()),
    ];
    let mut keys = Keys::new();
    let board = euclid_cells(n);
    cells(
        &mut chart,
        (1.0, 1.0),
        (board.cols, board.rows),
        &colors,
        &|i, j| board.class(i, j),
        &mut keys,
    )?;
    // No marks here: solid lines, thinner where cells are small.
    let solid = |color| RayStyle {
        color,
        width: if n > RASTER_ABOVE { 1 } else { 2 },
        dashed: false,
    };
    ray(&mut chart, PHI, solid(PHI_COLOR), "b = φ·a", &mut keys)?;
    ray(
        &mut chart,
        1.0 / PHI,
        solid(INV_PHI_COLOR),
        "b = a/φ",
        &mut keys,
    )?;
    legend(&side_area, &keys)
}

fn bash_board<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, n: u64, m: u64) -> DrawResult<DB> {
    let (main, side_area) = split_legend(root);
    let mut chart = board_chart(
        &main,
        &format!("Bash's game: who wins with n ≤ {n} stones, taking 1…m, m ≤ {m}"),
        (-0.5, n as f64 + 0.5, "n (stones in the pile)"),
        (0.5, m as f64 + 0.5, "m (most stones per move)"),
    )?;
    let colors = [
        (N_COLOR, "won: n mod (m + 1) ≠ 0".to_owned()),
        (P_COLOR, "lost: n mod (m + 1) = 0".to_owned()),
    ];
    let mut keys = Keys::new();
    let board = bash_cells(n, m);
    cells(
        &mut chart,
        (0.0, 1.0),
        (board.cols, board.rows),
        &colors,
        &|i, j| board.class(i, j),
        &mut keys,
    )?;
    legend(&side_area, &keys)
}

/// Whether `k` is a Fibonacci number: its Zeckendorf representation is one term.
fn is_fibonacci(k: u64) -> bool {
    beatty_core::zeckendorf::Zeckendorf::from_u64(k)
        .indices()
        .len()
        == 1
}

/// ‖kφ‖, the distance from kφ to the nearest integer (to about 2⁻⁶⁴·k, enough to draw).
fn dist_to_integer(k: u64) -> f64 {
    // kφ ≡ k/φ (mod 1), and k·⌊2⁶⁴/φ⌋ mod 2⁶⁴ is {k/φ}·2⁶⁴ within k units.
    let f = k.wrapping_mul(golden::INV_PHI_Q64);
    f.min(f.wrapping_neg()) as f64 / 2f64.powi(64)
}

fn hazards_plot<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    to: u64,
    formula: crate::hazards::Formula,
) -> DrawResult<DB> {
    let name = formula.name();
    let (decades, list) = hazard_data(to, formula);
    // Without a list (classify-f64, lower-f32) the counts take the whole picture.
    let (top, bottom) = if list.is_empty() {
        (root.clone(), root.clone())
    } else {
        root.split_vertically(root.dim_in_pixel().1 / 2)
    };
    let var = if formula == crate::hazards::Formula::ClassifyF64 {
        "a"
    } else {
        "k"
    };
    let total: u64 = decades.iter().map(|d| d.1).sum();
    let (top, top_side) = split_legend(&top);
    let dmax = decades.len() as f64;
    let cmax = decades.iter().map(|d| d.1).max().unwrap_or(1).max(1) as f64 * 3.0;
    let mut chart = ChartBuilder::on(&top)
        .caption(
            format!("Where {name} is wrong: {total} of 1 ≤ {var} ≤ {to}"),
            title_font(),
        )
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(80)
        .build_cartesian_2d(0f64..dmax, (0.5f64..cmax).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(format!("{var} in [10^d, 10^(d+1))"))
        .y_desc("how many (log scale)")
        .axis_desc_style(label_font())
        .label_style(("sans-serif", 13))
        .x_labels(decades.len() + 1)
        .x_label_formatter(&|v| format!("10^{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()?;
    chart.draw_series(decades.iter().filter(|d| d.1 > 0).map(|&(d, c)| {
        Rectangle::new(
            [(f64::from(d) + 0.1, 0.5), (f64::from(d) + 0.9, c as f64)],
            HAZARD_COLOR.filled(),
        )
    }))?;
    let mut keys = vec![(Key::Swatch(HAZARD_COLOR), format!("{var} where {name}"))];
    keys.push((Key::Swatch(WHITE), "is wrong, per decade".to_owned()));
    legend(&top_side, &keys)?;
    if list.is_empty() {
        return Ok(());
    }

    let (bottom, bottom_side) = split_legend(&bottom);
    let top_k = to.min(LIST_TO);
    let dists: Vec<(u64, f64)> = list.iter().map(|&k| (k, dist_to_integer(k))).collect();
    let kmin = list.iter().copied().min().unwrap_or(1) as f64;
    let dmin = dists.iter().map(|d| d.1).fold(1.0, f64::min).max(1e-30);
    let unit = f64::powi(2.0, -53);
    let xr = (kmin / 3.0).max(1.0)..top_k as f64 * 1.5;
    let yr = dmin / 3.0..(3.75 * unit * xr.end * 3.0);
    let mut chart = ChartBuilder::on(&bottom)
        .caption(
            format!("The {} listed, 1 ≤ k ≤ {top_k}", list.len()),
            title_font(),
        )
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(80)
        .build_cartesian_2d(xr.clone().log_scale(), yr.log_scale())?;
    chart
        .configure_mesh()
        .x_desc("k (log scale)")
        .y_desc("‖kφ‖, distance to an integer")
        .axis_desc_style(label_font())
        .label_style(("sans-serif", 13))
        .x_label_formatter(&|v| power_of_ten_label(*v))
        .y_label_formatter(&|v| power_of_ten_label(*v))
        .draw()?;
    let mut keys = Keys::new();
    // The proved error bound of the double product, E(k) = 2.125·2⁻⁵³·k for k ≤ 2⁵³.
    chart.draw_series(LineSeries::new(
        [xr.start, xr.end].map(|k| (k, 2.125 * unit * k)),
        BLACK.stroke_width(1),
    ))?;
    keys.push((Key::Line(BLACK), "error bound 2.125·2⁻⁵³·k".to_owned()));
    let (fib, other): (Vec<_>, Vec<_>) = dists.iter().partition(|d| is_fibonacci(d.0));
    chart.draw_series(
        other
            .iter()
            .map(|&(k, d)| Circle::new((k as f64, d), 3, HAZARD_COLOR.filled())),
    )?;
    keys.push((Key::Dot(HAZARD_COLOR, 3), format!("k where {name}")));
    keys.push((Key::Swatch(WHITE), "is wrong".to_owned()));
    chart.draw_series(
        fib.iter()
            .map(|&(k, d)| Circle::new((k as f64, d), 5, FIB_COLOR.filled())),
    )?;
    keys.push((Key::Dot(FIB_COLOR, 5), "… a Fibonacci number".to_owned()));
    legend(&bottom_side, &keys)
}
