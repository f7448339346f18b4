//! `bao report`: every move of a record valued.

use super::*;

/// Value every move of a recorded game: the best move, a class (best … blunder) and
/// each side's accuracy (docs/analysis.md).
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// The record file.
    pub file: String,
    /// Which game of a file holding several (1 = the first).
    #[arg(long)]
    pub number: Option<usize>,
    /// Print the report as JSON (the format of docs/analysis.md).
    #[arg(long)]
    pub json: bool,
    /// Write the evaluation graph to FILE (SVG).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Value by the clock instead of a fixed depth: MS milliseconds per position for
    /// the solver, as much again for the search. The values then depend on the
    /// machine's speed and load: two runs can differ.
    #[arg(long, value_name = "MS", conflicts_with = "depth")]
    pub time: Option<u64>,
    /// The search's depth in plies [default: 15]; the solver has 8,000,000 positions
    /// per position (no clock): two runs print the same report.
    #[arg(long, value_name = "PLIES")]
    pub depth: Option<u32>,
    /// The language of the text report: sw (Kiswahili) or en (English) [default: from
    /// LC_ALL, LC_MESSAGES or LANG, else English]; the JSON report is the same in all.
    #[arg(long, value_name = "LANG", value_parser = bao_i18n::Lang::from_tag)]
    pub lang: Option<bao_i18n::Lang>,
}

/// Runs `bao report`.
pub fn run(args: ReportArgs) -> Result<()> {
    let ReportArgs {
        file,
        number,
        json,
        svg,
        time,
        depth,
        lang,
    } = args;
    bao_cli::i18n::set_lang(lang.unwrap_or_else(bao_i18n::Lang::from_env));
    let (name, text) = bao_cli::play::read_record_file(&file, number)?;
    let args = bao_cli::report::ReportArgs {
        json,
        svg,
        time_ms: time,
        depth,
    };
    with_game!(name, G => report_file::<G>(&file, &text, &args))
}

fn report_file<G: bao_engine::solve::Solvable>(
    file: &str,
    text: &str,
    args: &bao_cli::report::ReportArgs,
) -> Result<()> {
    bao_cli::report::run::<G>(file, text, args)
}
