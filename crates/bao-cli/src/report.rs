//! `bao report FILE`: every move of a recorded game valued, classed, with each side's
//! accuracy (docs/analysis.md). The values come from `bao_engine::report`; this module
//! only formats them (text in 80 columns, JSON, SVG).

use crate::t;
use anyhow::{bail, Context, Result};
use bao_engine::report::{report, svg, Class, MoveReport, Report, ReportOptions, MAX_REPORT_PLIES};
use bao_engine::solve::Solvable;
use bao_engine::values::{Proved, Value, DEFAULT_DEPTH};
use bao_rules::GameLine;
use std::io::IsTerminal;

/// What `bao report` was asked for.
pub struct ReportArgs {
    /// Print the JSON report instead of text.
    pub json: bool,
    /// Write the evaluation graph here.
    pub svg: Option<String>,
    /// Milliseconds per position by the clock (`--time`), instead of a fixed depth.
    pub time_ms: Option<u64>,
    /// The search's depth (`--depth`; default [`DEFAULT_DEPTH`]) when there is no time.
    pub depth: Option<u32>,
}

impl ReportArgs {
    /// The work per position: by the clock with `--time`, else a fixed depth (`--depth`
    /// or [`DEFAULT_DEPTH`]) with the solver's node budget: deterministic.
    pub fn options(&self) -> ReportOptions {
        match self.time_ms {
            Some(ms) => ReportOptions::timed(ms),
            None => ReportOptions::fixed(self.depth.unwrap_or(DEFAULT_DEPTH)),
        }
    }
}

/// The most milliseconds per position `--time` accepts.
pub const MAX_REPORT_TIME_MS: u64 = 60_000;

/// A move as the list numbers it: `1. A4`, `1... a3`.
fn numbered(m: &MoveReport) -> String {
    let n = m.ply.div_ceil(2);
    if m.ply % 2 == 1 {
        format!("{n}. {}", m.mv)
    } else {
        format!("{n}... {}", m.mv)
    }
}

/// One text line of a move (at most 80 columns for moves of KIBA notation).
pub fn move_line(m: &MoveReport) -> String {
    let verdict = match m.class {
        Class::Best | Class::Forced => class_name(m.class),
        c => format!("{} {}", class_name(c), c.mark()),
    };
    let mut line = format!(
        "{:<11} {:<13} {:<18}",
        numbered(m),
        verdict,
        short_value(&m.after)
    );
    if m.best != m.mv && m.class > Class::Best {
        line.push(' ');
        line.push_str(&t!(
            "report-best",
            mv = m.best,
            value = short_value(&m.before)
        ));
    }
    line.trim_end().to_string()
}

/// The legend of a report's values, per game: Bao Kingulu's are mostly proven, with a
/// final score (G-R14); Bao la Kiswahili's are the search's evaluation in seeds.
pub fn legend(game: bao_rules::GameKind) -> String {
    let text = if game == bao_rules::GameKind::Kingulu {
        t!("report-legend-kingulu")
    } else {
        t!("report-legend-kiswahili")
    };
    format!("{text}\n")
}

/// A class's name in the current language (`best`, `blunder`, ...: [`Class::name`]).
pub fn class_name(class: Class) -> String {
    match class {
        Class::Forced => t!("class-forced"),
        Class::Best => t!("class-best"),
        Class::Good => t!("class-good"),
        Class::Inaccuracy => t!("class-inaccuracy"),
        Class::Mistake => t!("class-mistake"),
        Class::Blunder => t!("class-blunder"),
    }
}

/// A value in short form for a report line ([`Value::short_text`] in the current
/// language): `win 29 (S 26–22)`, `loss 20`, `+1.25`, `draw (S 24–24)`.
pub fn short_value(v: &Value) -> String {
    let exact = match (v.proved, v.plies) {
        (Some(Proved::Win), Some(n)) => Some(t!("report-win", n = n)),
        (Some(Proved::Loss), Some(n)) => Some(t!("report-loss", n = n)),
        (Some(Proved::Draw), _) => Some(t!("report-draw")),
        _ => None,
    };
    match (exact, v.margin, v.score) {
        (Some(e), Some([s, n]), _) => t!("report-margin", exact = e, south = s, north = n),
        (Some(e), None, _) => e,
        (None, _, Some(s)) => format!("{s:+.2}"),
        (None, _, None) => "?".to_string(),
    }
}

/// The report as text: a line per move, each side's accuracy, the mistakes.
pub fn report_text(r: &Report) -> String {
    let mut out = t!(
        "report-title",
        game = r.game,
        south = r.players.south,
        north = r.players.north
    );
    out.push('\n');
    out.push_str(&legend(
        r.game.parse().unwrap_or(bao_rules::GameKind::Kiswahili),
    ));
    for m in &r.moves {
        out.push_str(&move_line(m));
        out.push('\n');
    }
    let acc = |a: Option<f64>| a.map_or_else(|| "-".to_string(), |x| format!("{x:.1}"));
    out.push_str(&t!(
        "report-accuracy",
        south = acc(r.accuracy.south),
        north = acc(r.accuracy.north)
    ));
    out.push('\n');
    let mistakes: Vec<String> = r
        .mistakes()
        .map(|m| {
            t!(
                "report-mistake",
                move = numbered(m),
                mark = m.class.mark(),
                class = class_name(m.class),
                best = m.best
            )
        })
        .collect();
    if mistakes.is_empty() {
        out.push_str(&t!("report-no-mistakes"));
    } else {
        out.push_str(&t!("report-mistakes", list = mistakes.join(", ")));
    }
    out.push('\n');
    out
}

/// Refuses an output file that is a directory or whose directory does not exist, before
/// the analysis (which can take minutes).
fn check_output(file: &str) -> Result<()> {
    let path = std::path::Path::new(file);
    if path.is_dir() {
        bail!("--svg {file}: is a directory; give a file name");
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    if !dir.is_dir() {
        bail!(
            "--svg {file}: the directory {} does not exist",
            dir.display()
        );
    }
    Ok(())
}

/// Runs `bao report` on the game of `file` (already read: `text`).
pub fn run<G: Solvable>(file: &str, text: &str, args: &ReportArgs) -> Result<()> {
    if let Some(ms) = args
        .time_ms
        .filter(|&ms| ms == 0 || ms > MAX_REPORT_TIME_MS)
    {
        bail!("--time {ms}: give 1 to {MAX_REPORT_TIME_MS} ms per position");
    }
    if args.depth == Some(0) || args.depth.is_some_and(|d| d > 30) {
        bail!("--depth: give 1 to 30 plies");
    }
    let line = GameLine::<G>::from_record_text(text).map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
    if line.plies() > MAX_REPORT_PLIES {
        bail!(
            "{file}: {} plies; a report values at most {MAX_REPORT_PLIES}",
            line.plies()
        );
    }
    if let Some(svg_file) = &args.svg {
        check_output(svg_file)?;
    }
    let opts = args.options();
    let bar = if std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(line.plies() as u64 + 1);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} positions, {eta} left",
            )
            .expect("template")
            .progress_chars("=> "),
        );
        b.set_message(t!("report-analysing"));
        Some(b)
    } else {
        None
    };
    let r = report(&line, opts, &mut |done, _| {
        if let Some(b) = &bar {
            b.set_position(done as u64 + 1);
        }
        true
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&r).context("report JSON")?
        );
    } else {
        print!("{}", report_text(&r));
    }
    if let Some(svg_file) = &args.svg {
        crate::play::save::write_atomic(std::path::Path::new(svg_file), &svg::graph(&r), true)
            .with_context(|| format!("cannot write {svg_file}"))?;
        if !args.json {
            println!("{}", t!("report-graph", file = svg_file));
        }
    }
    Ok(())
}
