//! `bao book build` and `bao book verify`: the Bao Kingulu opening book of solved
//! positions (docs/solved.md, "The opening book").

use anyhow::{bail, Context, Result};
use bao_engine::solve::book::{opening_positions, solve_entry, Book, Known, OPENING_TEXT};
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::Game;
use rayon::prelude::*;
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// The most plies `bao book build` covers (ply 10 alone has about 32,000 positions).
pub const MAX_BOOK_PLIES: u32 = 10;

/// The largest book file read, bytes (a 10-ply book is about 3 MB).
pub const MAX_BOOK_BYTES: u64 = 64 << 20;

/// Table entries per prover table of each solve (four tables, one solve per core).
const ENTRIES: usize = 1 << 23;

/// The prefix of a position the solver could not decide, in the partial file.
const UNDECIDED: &str = "# undecided: ";

/// Runs `bao book build --plies N --out FILE`: solves every position within `plies`
/// plies of the start (in parallel, one line appended to `FILE.partial` per position,
/// so a stopped build resumes), then writes FILE (temporary file and rename). An existing
/// FILE is replaced only with `force`.
///
/// # Errors
/// Too many plies, an `out` that exists (without `force`) or is not a regular file, an
/// unreadable partial file (naming the line), I/O errors.
pub fn build(plies: u32, out: &str, force: bool) -> Result<()> {
    if plies > MAX_BOOK_PLIES {
        bail!("--plies {plies}: at most {MAX_BOOK_PLIES}");
    }
    // Refuse a bad --out before any solving.
    if let Ok(m) = std::fs::metadata(out) {
        if !m.is_file() {
            bail!("--out {out}: it is not a regular file (a directory or a device): choose a file name");
        }
        if !force {
            bail!("--out {out}: the file exists; --force replaces it");
        }
    }
    let rules = Rules::default();
    let positions = opening_positions(&rules, plies);
    let partial_path = format!("{out}.partial");
    let (mut book, mut undecided) = read_partial(&partial_path, &rules)?;
    let todo: Vec<&Kingulu> = positions
        .iter()
        .filter(|p| book.get(p).is_none() && !undecided.contains(*p))
        .collect();
    eprintln!(
        "book: {} positions within {plies} plies, {} already solved, {} to solve",
        positions.len(),
        positions.len() - todo.len(),
        todo.len()
    );
    let t0 = Instant::now();
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&partial_path)
        .with_context(|| format!("cannot write {partial_path}"))?;
    let shared = Mutex::new((std::io::BufWriter::new(file), 0usize, Instant::now()));
    let total = todo.len();
    let results: Vec<(Kingulu, Option<Known>)> = todo
        .par_iter()
        .map(|pos| {
            let known = solve_entry(pos, ENTRIES);
            let line = match known {
                Some(k) => Book::line(pos, k),
                None => format!("{UNDECIDED}{}", pos.to_text()),
            };
            let mut g = shared.lock().expect("book writer");
            let (w, done, last) = &mut *g;
            let _ = writeln!(w, "{line}").and_then(|()| w.flush());
            *done += 1;
            if last.elapsed().as_secs() >= 2 {
                *last = Instant::now();
                eprintln!(
                    "book: {}/{total} solved, {:.0} s",
                    *done,
                    t0.elapsed().as_secs_f64()
                );
            }
            (*pos.to_owned(), known)
        })
        .collect();
    let (w, _, _) = shared.into_inner().expect("book writer");
    w.into_inner()
        .map_err(|e| e.into_error())
        .and_then(|f| f.sync_all())
        .with_context(|| format!("cannot write {partial_path}"))?;
    for (pos, known) in results {
        match known {
            Some(k) => book.insert(pos, k),
            None => {
                undecided.insert(pos);
            }
        }
    }
    // The book in the order of the plies.
    let mut text = format!(
        "# bao opening book: Bao Kingulu, default rules, every position within {plies} plies of the start\n\
         # position | exact value for the side to move (plies) | South's exact final score (G-R14)\n\
         # built by: bao book build --plies {plies} --out FILE; checked by: bao book verify FILE\n\
         # positions {}, undecided (left out) {}\n",
        positions.len() - undecided.len(),
        undecided.len()
    );
    for pos in &positions {
        if let Some(k) = book.get(pos) {
            text.push_str(&Book::line(pos, k));
            text.push('\n');
        }
    }
    crate::play::save::write_atomic(Path::new(out), &text, force)
        .with_context(|| format!("cannot write {out}"))?;
    let _ = std::fs::remove_file(&partial_path);
    println!(
        "book {out}: {} ({} undecided, left out), {} bytes, {:.1} s",
        crate::play::text::plural((positions.len() - undecided.len()) as u64, "position"),
        undecided.len(),
        text.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The entries and undecided positions of a partial build file (empty if none).
fn read_partial(path: &str, rules: &Rules) -> Result<(Book, HashSet<Kingulu>)> {
    if !Path::new(path).exists() {
        return Ok((Book::default(), HashSet::new()));
    }
    let text = crate::common::read_text_file(path, MAX_BOOK_BYTES)?;
    // A line cut short by a stop is dropped (it is solved again).
    let whole = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let mut undecided = HashSet::new();
    for line in whole.lines() {
        if let Some(p) = line.strip_prefix(UNDECIDED) {
            let pos = Kingulu::from_text(p, rules)
                .with_context(|| format!("{path}: an undecided position that does not read"))?;
            undecided.insert(pos);
        }
    }
    let book = Book::parse(whole, rules).with_context(|| path.to_string())?;
    Ok((book, undecided))
}

/// Runs `bao book verify [FILE]`: solves every entry of the book (the shipped one
/// without FILE) again and compares.
///
/// # Errors
/// An unreadable book (naming the line), or entries the solver does not confirm (each
/// named with its line).
pub fn verify(file: Option<&str>) -> Result<()> {
    let rules = Rules::default();
    let (name, text) = match file {
        Some(f) => (
            f.to_string(),
            crate::common::read_text_file(f, MAX_BOOK_BYTES)?,
        ),
        None => ("the shipped book".to_string(), OPENING_TEXT.to_string()),
    };
    let book = Book::parse(&text, &rules).with_context(|| name.clone())?;
    if book.is_empty() {
        bail!("{name}: the book has no entries");
    }
    // The line of each entry, in the book's order.
    let lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, _)| i + 1)
        .collect();
    let t0 = Instant::now();
    let entries: Vec<(&Kingulu, Known)> = book.iter().collect();
    let bad: Vec<String> = entries
        .par_iter()
        .zip(lines.par_iter())
        .filter_map(|((pos, known), line)| {
            let got = solve_entry(pos, ENTRIES);
            (got != Some(*known)).then(|| {
                let said = Book::line(pos, *known);
                match got {
                    Some(k) => format!(
                        "line {line}: `{said}`, but the solver finds {}",
                        Book::fields(k)
                    ),
                    None => format!("line {line}: `{said}`, but the solver cannot decide it"),
                }
            })
        })
        .collect();
    println!(
        "positions checked {}, {:.1} s",
        entries.len(),
        t0.elapsed().as_secs_f64()
    );
    if !bad.is_empty() {
        bail!(
            "{name}: {} wrong:\n{}",
            if bad.len() == 1 {
                "1 entry".to_string()
            } else {
                format!("{} entries", bad.len())
            },
            bad.join("\n")
        );
    }
    println!("{name}: every entry confirmed");
    Ok(())
}
