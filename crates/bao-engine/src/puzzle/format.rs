//! The puzzle type and its text format (docs/puzzles.md): one puzzle a line,
//!
//! ```text
//! 7 | default | 0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South | South | A6 | A6 a3 A2 | only win in 3 | capture | 2
//! ```
//!
//! fields separated by ` | `: the puzzle's number, the rules profile, the position
//! (notation.md §2), the side to move, the solution move, the solution line (the
//! principal variation, the solution first, moves separated by spaces), the claimed
//! result ([`Claim`]), the theme word and the difficulty (1–5). Lines starting with `#`
//! and blank lines are comments.

use bao_rules::{Game, RuleSet, Side};
use std::fmt;

/// What a puzzle claims about its solution (proven by the solver, re-proven by
/// [`super::verify`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// `only win in N`: the solution wins in exactly N plies (the shortest win), and
    /// every other legal move draws or loses (proven exactly). Bao Kingulu.
    OnlyWin(u32),
    /// `win within N`: the solution wins in exactly N plies (the shortest win), and no
    /// other legal move forces a win within N plies (proven by exhaustive search to that
    /// depth). Bao la Kiswahili.
    WinWithin(u32),
    /// `best score S-N`: after the solution South's exact final score under perfect play
    /// is S (North N, G-R14), and every other legal move leaves the side to move at least
    /// 2 seeds fewer (all margins proven). Bao Kingulu.
    BestScore {
        /// South's final score.
        south: u32,
        /// North's final score.
        north: u32,
    },
}

impl Claim {
    /// The plies of the forced win, for the win claims.
    pub fn win_plies(self) -> Option<u32> {
        match self {
            Claim::OnlyWin(n) | Claim::WinWithin(n) => Some(n),
            Claim::BestScore { .. } => None,
        }
    }

    /// Parses the text form ([`Claim`]'s `Display`).
    ///
    /// # Errors
    /// A sentence naming what could not be read.
    pub fn parse(text: &str) -> Result<Claim, String> {
        let t = text.trim();
        let plies = |s: &str| -> Result<u32, String> {
            s.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=400).contains(&n))
                .ok_or_else(|| format!("{s:?} is not a number of plies (1 to 400)"))
        };
        if let Some(n) = t.strip_prefix("only win in ") {
            return Ok(Claim::OnlyWin(plies(n)?));
        }
        if let Some(n) = t.strip_prefix("win within ") {
            return Ok(Claim::WinWithin(plies(n)?));
        }
        if let Some(s) = t.strip_prefix("best score ") {
            let (a, b) = s
                .split_once('-')
                .ok_or_else(|| format!("{s:?}: expected South's and North's score, e.g. 30-18"))?;
            let num = |x: &str| {
                x.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("{x:?} is not a number of seeds"))
            };
            return Ok(Claim::BestScore {
                south: num(a)?,
                north: num(b)?,
            });
        }
        Err(format!(
            "{t:?}: expected `only win in N`, `win within N` or `best score S-N`"
        ))
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::OnlyWin(n) => write!(f, "only win in {n}"),
            Claim::WinWithin(n) => write!(f, "win within {n}"),
            Claim::BestScore { south, north } => write!(f, "best score {south}-{north}"),
        }
    }
}

/// One puzzle: a position and the one move that solves it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// The puzzle's number in its set (from 1).
    pub number: usize,
    /// The rules profile's name (`default`, `mancala-world`, ...).
    pub rules: String,
    /// The position text (notation.md §2).
    pub position: String,
    /// The side to move (the solver of the puzzle).
    pub side: Side,
    /// The solution move (notation.md §3).
    pub solution: String,
    /// The solution line: the solution, then best play by both sides (a principal
    /// variation; for a win claim every ply up to the win).
    pub line: Vec<String>,
    /// The claimed result.
    pub result: Claim,
    /// The theme word ([`super::theme`]): `safari`, `takasia`, `kuweka mtoto`, ...
    pub theme: String,
    /// The difficulty, 1 (easiest) to 5 ([`super::theme::difficulty`]).
    pub difficulty: u8,
}

/// Why a puzzle line could not be read: its line number in the file and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line number in the file (from 1).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The most puzzles a set may hold (a bound on the work of reading and verifying one).
pub const MAX_PUZZLES: usize = 10_000;

impl Puzzle {
    /// The puzzle's line in the text format.
    pub fn to_line(&self) -> String {
        format!(
            "{} | {} | {} | {} | {} | {} | {} | {} | {}",
            self.number,
            self.rules,
            self.position,
            self.side,
            self.solution,
            self.line.join(" "),
            self.result,
            self.theme,
            self.difficulty
        )
    }

    /// Reads one puzzle line (without its line number: errors say only what is wrong).
    ///
    /// # Errors
    /// A sentence naming the field that could not be read.
    pub fn from_line(text: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        if fields.len() != 9 {
            return Err(format!(
                "expected 9 fields separated by `|` (number | rules | position | side | solution | line | result | theme | difficulty), found {}",
                fields.len()
            ));
        }
        let number = fields[0]
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("number {:?}: expected 1, 2, ...", fields[0]))?;
        let side = Side::parse(fields[3])
            .ok_or_else(|| format!("side {:?}: expected South or North", fields[3]))?;
        let line: Vec<String> = fields[5].split_whitespace().map(str::to_string).collect();
        if line.is_empty() {
            return Err("the solution line is empty".to_string());
        }
        let result = Claim::parse(fields[6]).map_err(|e| format!("result {e}"))?;
        let difficulty = fields[8]
            .parse::<u8>()
            .ok()
            .filter(|d| (1..=5).contains(d))
            .ok_or_else(|| format!("difficulty {:?}: expected 1 to 5", fields[8]))?;
        if fields[7].is_empty() {
            return Err("the theme is empty".to_string());
        }
        Ok(Puzzle {
            number,
            rules: fields[1].to_string(),
            position: fields[2].to_string(),
            side,
            solution: fields[4].to_string(),
            line,
            result,
            theme: fields[7].to_string(),
            difficulty,
        })
    }

    /// What the player is asked to find: `South to move: find the only move that wins (a
    /// win in 4 plies).`
    pub fn task(&self) -> String {
        let side = self.side;
        match self.result {
            Claim::OnlyWin(n) => {
                format!("{side} to move: find the only move that wins (a win in {n} plies).")
            }
            Claim::WinWithin(n) => {
                format!("{side} to move: find the only move that wins within {n} plies.")
            }
            Claim::BestScore { .. } => format!(
                "{side} to move: find the move that ends the game with the most seeds for {side}."
            ),
        }
    }

    /// Why the solution is right, without a final stop: `it is the only winning move: a
    /// win in 4 plies`.
    pub fn answer(&self) -> String {
        match self.result {
            Claim::OnlyWin(n) => format!("it is the only winning move: a win in {n} plies"),
            Claim::WinWithin(n) => {
                format!("it is the only move that wins within {n} plies: a win in {n}")
            }
            Claim::BestScore { south, north } => {
                let (mine, theirs) = match self.side {
                    Side::South => (south, north),
                    Side::North => (north, south),
                };
                format!(
                    "with best play the game ends {mine}-{theirs} for {}, at least 2 seeds more than after any other move",
                    self.side
                )
            }
        }
    }

    /// What the verified claim says of every move but the solution, to follow its text:
    /// `does not win: with best play it draws or loses`.
    pub fn why_wrong(&self) -> String {
        match self.result {
            Claim::OnlyWin(_) => "does not win: with best play it draws or loses".to_string(),
            Claim::WinWithin(n) => format!("does not force a win within {n} plies"),
            Claim::BestScore { .. } => format!(
                "leaves {} at least 2 seeds fewer at the end of the game",
                self.side
            ),
        }
    }

    /// The puzzle's position under its rules, checked against its side to move.
    ///
    /// # Errors
    /// An unknown rules profile, a position the rules reject, or a side to move that
    /// differs from the position's.
    pub fn position_of<G: Game>(&self) -> Result<G, String> {
        let rules = G::Rules::profile(&self.rules).map_err(|e| format!("rules: {}", e.message))?;
        let pos = G::from_text(&self.position, &rules).map_err(|e| format!("position: {e}"))?;
        if pos.side_to_move() != self.side {
            return Err(format!(
                "the side is {} but the position has {} to move",
                self.side,
                pos.side_to_move()
            ));
        }
        Ok(pos)
    }
}

/// A set of puzzles as read from a file, with the line number of each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSet {
    /// `(line number, puzzle)` in file order.
    pub puzzles: Vec<(usize, Puzzle)>,
}

impl PuzzleSet {
    /// Reads a set: one puzzle a line, `#` comments and blank lines skipped; puzzle
    /// numbers must run 1, 2, 3, ... in order.
    ///
    /// # Errors
    /// [`ParseError`] naming the first line that cannot be read, a number out of order,
    /// or more than [`MAX_PUZZLES`] puzzles.
    pub fn parse(text: &str) -> Result<PuzzleSet, ParseError> {
        let mut set = PuzzleSet::default();
        for (i, raw) in text.lines().enumerate() {
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let err = |message: String| ParseError {
                line: i + 1,
                message,
            };
            if set.puzzles.len() >= MAX_PUZZLES {
                return Err(err(format!("more than {MAX_PUZZLES} puzzles")));
            }
            let p = Puzzle::from_line(l).map_err(&err)?;
            let want = set.puzzles.len() + 1;
            if p.number != want {
                return Err(err(format!(
                    "puzzle number {} out of order: expected {want}",
                    p.number
                )));
            }
            set.puzzles.push((i + 1, p));
        }
        Ok(set)
    }

    /// The puzzle numbered `n` (from 1).
    pub fn get(&self, n: usize) -> Option<&Puzzle> {
        self.puzzles.get(n.checked_sub(1)?).map(|(_, p)| p)
    }

    /// The number of puzzles.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back() {
        let p = Puzzle {
            number: 1,
            rules: "default".into(),
            position: "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South".into(),
            side: Side::South,
            solution: "A6".into(),
            line: vec!["A6".into(), "a3".into(), "A2".into()],
            result: Claim::OnlyWin(3),
            theme: "kuweka mtoto".into(),
            difficulty: 2,
        };
        let text = p.to_line();
        assert_eq!(
            text,
            "1 | default | 0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South | South | A6 | A6 a3 A2 | only win in 3 | kuweka mtoto | 2"
        );
        assert_eq!(Puzzle::from_line(&text).unwrap(), p);
        for c in [
            Claim::OnlyWin(7),
            Claim::WinWithin(5),
            Claim::BestScore {
                south: 30,
                north: 18,
            },
        ] {
            assert_eq!(Claim::parse(&c.to_string()), Ok(c));
        }
    }

    #[test]
    fn bad_lines_name_the_field_and_line() {
        let good = "1 | default | 0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South | South | A6 | A6 | only win in 1 | capture | 2";
        let text =
            format!("# head\n{good}\n2 | default | x | South | A6 | A6 | win in 3 | capture | 2\n");
        let e = PuzzleSet::parse(&text).unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(
            e.message,
            "result \"win in 3\": expected `only win in N`, `win within N` or `best score S-N`"
        );
        let e = PuzzleSet::parse(&format!("{good}\n{good}\n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: puzzle number 1 out of order: expected 2"
        );
        let e = PuzzleSet::parse(&good.replace("| 2", "| 9")).unwrap_err();
        assert_eq!(e.to_string(), "line 1: difficulty \"9\": expected 1 to 5");
    }
}
