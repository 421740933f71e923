//! The report's SVG plots, drawn with plotters: each tool's gradient time
//! over parad's per problem (horizontal bars, log scale), and, where more
//! than two pool sizes were measured, the speedups of the primal and the
//! gradients against threads, one panel per rayon problem.

use crate::data::{Peers, Run};
use crate::tables::{ratio, scaling};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;
use std::path::Path;

type Result = std::result::Result<(), Box<dyn Error>>;

/// The tools of the first plot, with their colours: parad's is the
/// reference line.
const BARS: [(&str, RGBColor); 5] = [
    ("parad", RGBColor(31, 119, 180)),
    ("hand-written", RGBColor(127, 127, 127)),
    ("JAX", RGBColor(255, 127, 14)),
    ("PyTorch", RGBColor(214, 39, 40)),
    ("torch.compile", RGBColor(148, 103, 189)),
];

/// Every other tool's gradient time over parad's, per problem, one thread:
/// one scale for all tools, whatever their primals (above 1: parad is
/// faster).
pub fn against_parad(run: &Run, peers: Option<&Peers>, path: &Path) -> Result {
    let rows: Vec<(String, [Option<f64>; 4])> = run
        .rows
        .iter()
        .map(|r| {
            let t = r.one();
            let peer = |tool| peers.and_then(|p| p.get(&r.name, tool)).and_then(|p| ratio(p.grad, t.parad));
            (
                format!("{} ({})", r.label, r.size),
                [ratio(t.hand, t.parad), peer("jax"), peer("torch"), peer("torch.compile")],
            )
        })
        .collect();
    let all = rows.iter().flat_map(|(_, v)| v.iter().flatten().copied());
    let (lo, hi) = all.fold((1.0f64, 1.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    // Room on the right for the legend.
    let (lo, hi) = (lo * 0.7, hi * 6.0);
    let n = rows.len();
    let root = SVGBackend::new(path, (1100, 120 + 40 * n as u32)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "gradient time / parad's gradient time, one thread (log scale; above 1: parad is faster)",
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(420)
        .build_cartesian_2d((lo..hi).log_scale(), 0f64..n as f64)?;
    chart.configure_mesh().y_labels(0).disable_y_mesh().x_desc("gradient time / parad's").draw()?;
    // Problem names, right-aligned left of the axis, top to bottom.
    let name_style = ("sans-serif", 13).into_font().color(&BLACK).pos(Pos::new(HPos::Right, VPos::Center));
    for (i, (name, _)) in rows.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(lo, (n - 1 - i) as f64 + 0.5));
        root.draw(&Text::new(name.clone(), (x - 8, y), name_style.clone()))?;
    }
    let others = &BARS[1..];
    let band = 0.8 / others.len() as f64;
    for (k, (tool, colour)) in others.iter().enumerate() {
        let bars = rows.iter().enumerate().filter_map(|(i, (_, v))| {
            let y = (n - 1 - i) as f64 + 0.9 - band * (k as f64 + 1.0);
            v[k].map(|v| Rectangle::new([(lo, y), (v, y + band * 0.9)], colour.filled()))
        });
        chart
            .draw_series(bars)?
            .label(*tool)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
    }
    let parad = BARS[0].1;
    chart
        .draw_series(LineSeries::new([(1.0, 0.0), (1.0, n as f64)], parad.stroke_width(2)))?
        .label("parad")
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 12, y)], parad.stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Whether the run measured enough pool sizes for a speedup plot: with two,
/// a line joins two points and says no more than the table.
pub fn has_speedups(run: &Run) -> bool {
    run.threads.len() > 2
}

/// Speedup over one thread of the primal, parad's gradient and the
/// hand-written one, against threads, one panel per rayon problem.
pub fn speedup(run: &Run, path: &Path) -> Result {
    let rows: Vec<_> = run.rows.iter().filter(|r| r.parallel && r.times.len() > 1).collect();
    let max_t = run.threads.iter().copied().max().unwrap_or(1).max(2) as f64;
    let cols = 2.min(rows.len().max(1));
    let grid = rows.len().div_ceil(cols).max(1);
    let root = SVGBackend::new(path, (520 * cols as u32, 360 * grid as u32)).into_drawing_area();
    root.fill(&WHITE)?;
    for (r, area) in rows.iter().zip(root.split_evenly((grid, cols)).iter()) {
        let mut chart = ChartBuilder::on(area)
            .caption(format!("{} ({})", r.label, r.size), ("sans-serif", 15))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(44)
            .build_cartesian_2d(1f64..max_t, 0f64..max_t)?;
        chart.configure_mesh().x_desc("threads").y_desc("speedup over 1 thread").draw()?;
        chart
            .draw_series(LineSeries::new([(1.0, 1.0), (max_t, max_t)], RGBColor(200, 200, 200).stroke_width(1)))?
            .label("ideal")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 12, y)], RGBColor(200, 200, 200)));
        let one = r.one();
        let lines = [("primal", BLACK), ("parad", BARS[0].1), ("hand-written", BARS[1].1)];
        for (k, (what, colour)) in lines.into_iter().enumerate() {
            let points: Vec<(f64, f64)> = scaling(r)
                .into_iter()
                .filter_map(|(t, p, g, _)| {
                    let h = ratio(one.hand, r.times[&t].hand);
                    Some((t as f64, [p, g, h][k]?))
                })
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))?
                .label(what)
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 12, y)], colour.stroke_width(2)));
            chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, colour.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}
