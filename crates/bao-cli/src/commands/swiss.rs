//! `bao swiss`: Swiss tournaments on FIDE TRF-16 files: pair the next round by the
//! Dutch system (the 2025 rules by default, `--edition 2017` for the older ones), check
//! the played rounds, print the standings (docs/tournaments.md).
//!
//! Exit codes: 0 done, 1 a violation or no legal pairing, 2 bad input (the file cannot
//! be read, or a line is wrong: its number and what is wrong go to stderr).

use bao_swiss::tiebreak::{standings, TieBreak};
use bao_swiss::{check, trf, Edition, Tournament};
use clap::Subcommand;
use std::io::Write;

/// `bao swiss` subcommands.
#[derive(Subcommand, Debug)]
pub enum SwissCommand {
    /// Pair the next round (FIDE Dutch system, C.04.3; the 2025 rules by default) and
    /// print it as bbpPairings does with -p: the number of pairs, then `SOUTH NORTH` start numbers per line, a
    /// bye as `ID 0`. The file needs XXR (the total rounds).
    Pair {
        /// The tournament (TRF-16, or TRF-2026).
        file: String,
        /// The edition of the Dutch rules: 2025 (in force since 1 February 2026) or
        /// 2017. Default: the one the file names (TRF-2026 line 192), else 2025.
        #[arg(long, value_name = "YEAR")]
        edition: Option<Edition>,
    },
    /// Check every played round against the absolute criteria (no rematch, at most one
    /// pairing-allocated bye per player, colours) and name each violation.
    Check {
        /// The tournament (TRF-16, or TRF-2026).
        file: String,
        /// The edition of the Dutch rules (they differ in who may get the bye: C.2):
        /// 2025 or 2017. Default: the one the file names, else 2025.
        #[arg(long, value_name = "YEAR")]
        edition: Option<Edition>,
    },
    /// Print the standings after the played rounds, with tie-breaks.
    Standings {
        /// The tournament (TRF-16).
        file: String,
        /// The tie-breaks of a round robin (direct encounter, Sonneborn-Berger, wins)
        /// instead of a Swiss (Buchholz Cut 1, Buchholz, Sonneborn-Berger, direct
        /// encounter, wins).
        #[arg(long)]
        round_robin: bool,
    },
}

/// A file larger than this is not a tournament report.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// Bad input: exit code 2.
const BAD_INPUT: i32 = 2;
/// A violation or no legal pairing: exit code 1.
const FAILED: i32 = 1;

fn load(file: &str) -> Result<Tournament, String> {
    let meta = std::fs::metadata(file).map_err(|e| format!("{file}: {e}"))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{file}: {} bytes: a tournament report is at most {MAX_FILE_BYTES}",
            meta.len()
        ));
    }
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{file}: not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    let t = trf::read(&text).map_err(|e| format!("{file}: {e}"))?;
    // An empty file (or one of other lines only) reads as a tournament of no one: that
    // is not a report to check or rank.
    if t.players.is_empty() {
        return Err(format!(
            "{file}: no player line (001): not a tournament report (FIDE TRF)"
        ));
    }
    Ok(t)
}

/// Runs `bao swiss`; returns the exit code.
pub fn run(command: SwissCommand) -> i32 {
    let code = match command {
        SwissCommand::Pair { file, edition } => pair(&file, edition),
        SwissCommand::Check { file, edition } => check_file(&file, edition),
        SwissCommand::Standings { file, round_robin } => standings_of(&file, round_robin),
    };
    let _ = std::io::stdout().flush();
    code
}

fn pair(file: &str, edition: Option<Edition>) -> i32 {
    let t = match load(file) {
        Ok(t) => t,
        Err(e) => return fail(BAD_INPUT, &e),
    };
    let edition = edition.or(t.edition).unwrap_or_default();
    match bao_swiss::pair_with_edition(&t, edition) {
        Ok(round) => {
            print!("{round}");
            0
        }
        Err(e @ bao_swiss::PairError::NoLegalPairing) => fail(FAILED, &format!("{file}: {e}")),
        Err(e) => fail(BAD_INPUT, &format!("{file}: {e}")),
    }
}

fn check_file(file: &str, edition: Option<Edition>) -> i32 {
    let t = match load(file) {
        Ok(t) => t,
        Err(e) => return fail(BAD_INPUT, &e),
    };
    let edition = edition.or(t.edition).unwrap_or_default();
    match check::check_with_edition(&t, edition) {
        Ok(violations) if violations.is_empty() => {
            let rounds = t.rounds_in_file();
            println!("{rounds} rounds checked: no violation");
            0
        }
        Ok(violations) => {
            for v in &violations {
                println!("{v}");
            }
            FAILED
        }
        Err(e) => fail(BAD_INPUT, &format!("{file}: {e}")),
    }
}

fn standings_of(file: &str, round_robin: bool) -> i32 {
    let t = match load(file) {
        Ok(t) => t,
        Err(e) => return fail(BAD_INPUT, &e),
    };
    let order: &[TieBreak] = if round_robin {
        &TieBreak::ROUND_ROBIN
    } else {
        &TieBreak::SWISS
    };
    let table = match standings(&t, order) {
        Ok(s) => s,
        Err(e) => return fail(BAD_INPUT, &format!("{file}: {e}")),
    };
    let width = table
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut header = format!(
        "{:>4} {:>4}  {:<width$} {:>6}",
        "Rank", "No", "Name", "Points"
    );
    for tb in order {
        header.push_str(&format!(" {:>7}", tb.key()));
    }
    println!("{header}");
    for s in &table {
        let mut line = format!(
            "{:>4} {:>4}  {:<width$} {:>6}",
            s.rank, s.start, s.name, s.points
        );
        for (_, v) in &s.tiebreaks {
            line.push_str(&format!(" {v:>7}"));
        }
        println!("{}", line.trim_end());
    }
    0
}

fn fail(code: i32, message: &str) -> i32 {
    eprintln!("bao swiss: {message}");
    code
}
