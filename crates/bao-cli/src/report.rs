//! `bao report FILE`: every move of a recorded game valued, classed, with each side's
//! accuracy (docs/analysis.md). The values come from `bao_engine::report`; this module
//! only formats them (text in 80 columns, JSON, SVG).

use anyhow::{bail, Context, Result};
use bao_engine::report::{report, svg, Class, MoveReport, Report, ReportOptions, MAX_REPORT_PLIES};
use bao_engine::solve::Solvable;
use bao_engine::values::DEFAULT_DEPTH;
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
        Class::Best | Class::Forced => m.class.name().to_string(),
        c => format!("{} {}", c.name(), c.mark()),
    };
    let mut line = format!(
        "{:<11} {:<13} {:<18}",
        numbered(m),
        verdict,
        m.after.short_text()
    );
    if m.best != m.mv && m.class > Class::Best {
        line.push_str(&format!(" best {}: {}", m.best, m.before.short_text()));
    }
    line.trim_end().to_string()
}

/// The legend of a report's values, per game: Bao Kingulu's are mostly proven, with a
/// final score (G-R14); Bao la Kiswahili's are the search's evaluation in seeds.
pub fn legend(game: bao_rules::GameKind) -> &'static str {
    if game == bao_rules::GameKind::Kingulu {
        "Values for the player who moved: win 29/loss 20 = a proven win/loss in 29/20\n\
         plies; (S 26–22) = the final score under perfect play, South–North (G-R14);\n\
         +1.25 = seeds ahead, the search's estimate where the solver proved no value.\n"
    } else {
        "Values for the player who moved: the search's evaluation, +1.25 = seeds ahead\n\
         (on the board and in store); win 7/loss 6 = a win/loss it proved, in 7/6 plies.\n"
    }
}

/// The report as text: a line per move, each side's accuracy, the mistakes.
pub fn report_text(r: &Report) -> String {
    let mut out = format!(
        "Report: {} — South {}, North {}\n",
        r.game, r.players.south, r.players.north
    );
    out.push_str(legend(
        r.game.parse().unwrap_or(bao_rules::GameKind::Kiswahili),
    ));
    for m in &r.moves {
        out.push_str(&move_line(m));
        out.push('\n');
    }
    let acc = |a: Option<f64>| a.map_or_else(|| "-".to_string(), |x| format!("{x:.1}"));
    out.push_str(&format!(
        "Accuracy: South {}, North {}\n",
        acc(r.accuracy.south),
        acc(r.accuracy.north)
    ));
    let mistakes: Vec<String> = r
        .mistakes()
        .map(|m| {
            format!(
                "{}{} ({}, best {})",
                numbered(m),
                m.class.mark(),
                m.class.name(),
                m.best
            )
        })
        .collect();
    if mistakes.is_empty() {
        out.push_str("Mistakes: none\n");
    } else {
        out.push_str(&format!("Mistakes: {}\n", mistakes.join(", ")));
    }
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
        b.set_message("Analysing");
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
            println!("Graph: {svg_file}");
        }
    }
    Ok(())
}
