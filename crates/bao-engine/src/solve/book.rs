//! The Bao Kingulu opening book: every position within a few plies of the start with its
//! exact value and final score, solved once (`bao book build`), shipped with the program
//! and re-checked by `bao book verify` (docs/solved.md, "The opening book").
//!
//! Near the start a position takes the solver seconds (the start itself about 13 s for
//! all moves with margins); the book makes the oracle, the proved hint and perfect play
//! there instant. Further in, the solver is fast on its own.
//!
//! The text format, one position a line after `#` comment lines:
//!
//! ```text
//! 4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South | win 29 | 26
//! ```
//!
//! the position (notation.md §2), its exact value for the side to move (`win N`,
//! `loss N`, `draw`; N plies of perfect play, the shortest win or longest defence) and
//! South's exact final score under perfect play (G-R14). A position the solver cannot
//! decide (a value only repetition could settle) is left out.

use super::{ExactValue, SolveLimits, Solver};
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{Game, Side};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The book shipped with the program: default rules, every position within
/// [`OPENING_PLIES`] plies of the start.
pub const OPENING_TEXT: &str = include_str!("../../data/kingulu-opening.txt");

/// The plies the shipped book covers.
pub const OPENING_PLIES: u32 = 6;

/// A book entry: the exact value for the side to move and South's exact final score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The exact value for the side to move.
    pub value: ExactValue,
    /// South's final seeds under perfect play (G-R14).
    pub south: u32,
}

/// A line of a book that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct BookError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

/// Solved positions of Bao Kingulu under one set of rules.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<Kingulu, Known>,
    /// The positions in the order they were added (the text's order).
    order: Vec<Kingulu>,
}

impl Book {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The entry of `pos`, if the book has it (rules included in the comparison).
    pub fn get(&self, pos: &Kingulu) -> Option<Known> {
        self.entries.get(pos).copied()
    }

    /// Adds (or replaces) an entry.
    pub fn insert(&mut self, pos: Kingulu, known: Known) {
        if self.entries.insert(pos, known).is_none() {
            self.order.push(pos);
        }
    }

    /// The entries in the book's order.
    pub fn iter(&self) -> impl Iterator<Item = (&Kingulu, Known)> + '_ {
        self.order.iter().map(|p| (p, self.entries[p]))
    }

    /// One entry line of the text format.
    pub fn line(pos: &Kingulu, known: Known) -> String {
        format!("{} | {}", pos.to_text(), Book::fields(known))
    }

    /// The value and score fields of an entry: `win 29 | 26`.
    pub fn fields(known: Known) -> String {
        let value = match known.value {
            ExactValue::Win(n) => format!("win {n}"),
            ExactValue::Loss(n) => format!("loss {n}"),
            ExactValue::Draw => "draw".to_string(),
        };
        format!("{value} | {}", known.south)
    }

    /// Reads the text format under `rules`.
    ///
    /// # Errors
    /// [`BookError`] naming the line: not three `|`-separated fields, a bad position, a
    /// bad value, a score above 48, a score that contradicts the value (a win for South
    /// with fewer than 25 seeds, …), or a position given twice.
    pub fn parse(text: &str, rules: &Rules) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |why: String| BookError { line: i + 1, why };
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let [pos, value, south] = fields[..] else {
                return Err(err(format!(
                    "expected `position | value | South's score`, found {} fields",
                    fields.len()
                )));
            };
            let pos = Kingulu::from_text(pos, rules).map_err(|e| err(e.to_string()))?;
            let value = parse_value(value)
                .ok_or_else(|| err(format!("`{value}` is not a value (win N, loss N or draw)")))?;
            let south: u32 = south
                .parse()
                .ok()
                .filter(|&s| s <= 48)
                .ok_or_else(|| err(format!("`{south}` is not a score of 0..=48")))?;
            let mover_seeds = if pos.side_to_move() == Side::South {
                south
            } else {
                48 - south
            };
            let agrees = match value {
                ExactValue::Win(_) => mover_seeds > 24,
                ExactValue::Loss(_) => mover_seeds < 24,
                ExactValue::Draw => mover_seeds == 24,
            };
            if !agrees {
                return Err(err(format!(
                    "the value {value} contradicts South's final score {south}"
                )));
            }
            if book.entries.contains_key(&pos) {
                return Err(err("the position is given twice".to_string()));
            }
            book.insert(pos, Known { value, south });
        }
        Ok(book)
    }
}

fn parse_value(text: &str) -> Option<ExactValue> {
    let mut words = text.split_whitespace();
    let v = match (words.next()?, words.next()) {
        ("draw", None) => ExactValue::Draw,
        ("win", Some(n)) => ExactValue::Win(n.parse().ok()?),
        ("loss", Some(n)) => ExactValue::Loss(n.parse().ok()?),
        _ => return None,
    };
    words.next().is_none().then_some(v)
}

/// A value database (`bao reach --values`, the book's format) installed for the whole
/// process: the oracle, hints, reports and perfect play read it as they read the
/// opening book ([`Solvable::known`](super::Solvable::known)).
static VALUES: OnceLock<Book> = OnceLock::new();

/// Installs `db` as the process's value database ([`values`]), once.
///
/// # Errors
/// `db` back when one is installed already.
pub fn install_values(db: Book) -> Result<(), Book> {
    VALUES.set(db)
}

/// The value database installed with [`install_values`], if any.
pub fn values() -> Option<&'static Book> {
    VALUES.get()
}

/// The book shipped with the program (default rules), read once.
pub fn opening() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        Book::parse(OPENING_TEXT, &Rules::default()).expect("the shipped opening book reads")
    })
}

/// Every position reachable within `plies` plies of the start under `rules`, ply by ply
/// (each once, at the first ply it can be reached), finished games included.
pub fn opening_positions(rules: &Rules, plies: u32) -> Vec<Kingulu> {
    let start = Kingulu::start(rules);
    let mut seen = std::collections::HashSet::from([start]);
    let mut all = vec![start];
    let mut frontier = vec![start];
    let mut kids = Vec::new();
    for _ in 0..plies {
        let mut next = Vec::new();
        for pos in &frontier {
            pos.children(&mut kids);
            for (_, c) in kids.iter() {
                if seen.insert(*c) {
                    next.push(*c);
                }
            }
        }
        all.extend_from_slice(&next);
        frontier = next;
    }
    all
}

/// Solves `pos` exactly (value and final score) without limits but `max_entries` per
/// prover table; `None` if the solver cannot decide it.
pub fn solve_entry(pos: &Kingulu, max_entries: usize) -> Option<Known> {
    let mut solver: Solver<Kingulu> = Solver::new(SolveLimits {
        max_entries,
        ..SolveLimits::default()
    });
    let value = solver.outcome(pos).value?;
    let south = solver.margin(pos).exact()?;
    Some(Known { value, south })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_covers_the_first_plies() {
        let rules = Rules::default();
        let book = opening();
        let positions = opening_positions(&rules, OPENING_PLIES);
        // The census of the first plies: 1, 4, 15, 50, 130, 334, 834 new positions.
        assert_eq!(positions.len(), 1368);
        assert!(positions.iter().all(|p| book.get(p).is_some()));
        assert_eq!(book.len(), 1368);
        let start = Kingulu::start(&rules);
        assert_eq!(
            book.get(&start),
            Some(Known {
                value: ExactValue::Win(29),
                south: 26
            })
        );
        // Other rules: not in the book.
        let north_first = Rules {
            first_player: Side::North,
            ..Rules::default()
        };
        assert_eq!(book.get(&Kingulu::start(&north_first)), None);
    }

    #[test]
    fn book_entries_agree_with_the_solver() {
        // A seeded random sample of 50 of the 1,368 entries, solved again from nothing
        // (the whole book: `bao book verify`, crates/bao-cli/tests/solve.rs).
        use rand::SeedableRng;
        let book = opening();
        let entries: Vec<_> = book.iter().collect();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2026);
        let sample = rand::seq::index::sample(&mut rng, entries.len(), 50);
        assert_eq!(sample.len(), 50);
        for i in sample {
            let (pos, known) = entries[i];
            assert_eq!(solve_entry(pos, 1 << 20), Some(known), "{}", pos.to_text());
        }
    }

    #[test]
    fn bad_books_are_refused_with_the_line() {
        let rules = Rules::default();
        let start = "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South";
        let cases = [
            (
                format!("# c\n{start} | win 29"),
                "line 2: expected `position | value | South's score`, found 2 fields",
            ),
            (
                format!("{start} | won 29 | 26"),
                "line 1: `won 29` is not a value (win N, loss N or draw)",
            ),
            (
                format!("{start} | win 29 | 49"),
                "line 1: `49` is not a score of 0..=48",
            ),
            (
                format!("{start} | win 29 | 22"),
                "line 1: the value win in 29 contradicts South's final score 22",
            ),
            (
                format!("{start} | win 29 | 26\n{start} | win 29 | 26"),
                "line 2: the position is given twice",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(Book::parse(&text, &rules).unwrap_err().to_string(), want);
        }
        let ok = Book::parse(&format!("{start} | win 29 | 26\n"), &rules).unwrap();
        assert_eq!(ok.len(), 1);
        let (pos, known) = ok.iter().next().unwrap();
        assert_eq!(Book::line(pos, known), format!("{start} | win 29 | 26"));
    }
}
