//! The evaluation graph of a report as a self-contained SVG (`bao report --svg FILE`):
//! plies across, South's winning chances up (from the values after each move, proven
//! results at 0/50/100), inaccuracies, mistakes and blunders marked.

use super::{win_percent, Class, Report};

/// Width and height of the drawing, px.
const W: f64 = 800.0;
const H: f64 = 300.0;
/// Margins: left, right, top, bottom.
const ML: f64 = 44.0;
const MR: f64 = 16.0;
const MT: f64 = 28.0;
const MB: f64 = 34.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// South's winning chances (0–100) after each ply of `r`, ply 0 (the start) first.
pub fn south_chances(r: &Report) -> Vec<f64> {
    let mut out = Vec::with_capacity(r.moves.len() + 1);
    out.push(
        r.moves
            .first()
            .map(|m| {
                let w = win_percent(&m.before);
                if m.side == "South" {
                    w
                } else {
                    100.0 - w
                }
            })
            .unwrap_or(50.0),
    );
    for m in &r.moves {
        let w = win_percent(&m.after);
        out.push(if m.side == "South" { w } else { 100.0 - w });
    }
    out
}

/// The SVG text of `r`'s evaluation graph.
pub fn graph(r: &Report) -> String {
    let pts = south_chances(r);
    let n = (pts.len().saturating_sub(1)).max(1) as f64;
    let x = |i: usize| ML + (W - ML - MR) * i as f64 / n;
    let y = |p: f64| MT + (H - MT - MB) * (1.0 - p / 100.0);
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    ));
    s.push_str(&format!(
        "<title>{} — South {} vs North {}: South's winning chances after each ply</title>\n",
        esc(&r.game),
        esc(&r.players.south),
        esc(&r.players.north)
    ));
    s.push_str(&format!(
        "<rect width=\"{W}\" height=\"{H}\" fill=\"#fffaf0\"/>\n"
    ));
    s.push_str(&format!(
        "<text x=\"{ML}\" y=\"18\" fill=\"#333\">South's winning chances ({} South, {} North)</text>\n",
        esc(&r.players.south),
        esc(&r.players.north)
    ));
    // Axes: 0, 50, 100 %.
    for p in [0.0, 50.0, 100.0] {
        let yy = y(p);
        let dash = if p == 50.0 {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        s.push_str(&format!(
            "<line x1=\"{ML}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#999\"{dash}/>\n",
            W - MR
        ));
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{p:.0}%</text>\n",
            ML - 6.0,
            yy + 4.0
        ));
    }
    // Ply ticks.
    let step = match pts.len() {
        0..=30 => 5,
        31..=120 => 10,
        _ => 50,
    };
    for i in (0..pts.len()).step_by(step) {
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{i}</text>\n",
            x(i),
            H - MB + 16.0
        ));
    }
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">ply</text>\n",
        W - MR,
        H - 4.0
    ));
    // The area above/below 50 % and the line.
    let mut path = format!("M {:.1} {:.1}", x(0), y(50.0));
    for (i, p) in pts.iter().enumerate() {
        path.push_str(&format!(" L {:.1} {:.1}", x(i), y(*p)));
    }
    path.push_str(&format!(" L {:.1} {:.1} Z", x(pts.len() - 1), y(50.0)));
    s.push_str(&format!(
        "<path d=\"{path}\" fill=\"#c9a66b\" fill-opacity=\"0.35\" stroke=\"none\"/>\n"
    ));
    let line: Vec<String> = pts
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(*p)))
        .collect();
    s.push_str(&format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#6b4423\" stroke-width=\"2\"/>\n",
        line.join(" ")
    ));
    // Marks.
    for m in &r.moves {
        let colour = match m.class {
            Class::Inaccuracy => "#e6b800",
            Class::Mistake => "#e67300",
            Class::Blunder => "#cc0000",
            _ => continue,
        };
        let p = pts[m.ply];
        s.push_str(&format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"{colour}\" stroke=\"#fff\"><title>{} {}{} ({}): {} → {}, best {}</title></circle>\n",
            x(m.ply),
            y(p),
            m.ply,
            esc(&m.mv),
            m.class.mark(),
            m.class.name(),
            esc(&m.before.text()),
            esc(&m.after.text()),
            esc(&m.best)
        ));
    }
    s.push_str("</svg>\n");
    s
}
