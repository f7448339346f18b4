//! The proof certificate text format (docs/solved.md §Certificates): writing and reading.
//!
//! This module and [`super::verify`] import nothing from the rest of `bao-engine` (no
//! search, no transposition table, no evaluation): only `bao_rules` and `std`.
//!
//! ```text
//! bao-certificate 1
//! game kingulu
//! rules default
//! option first-player=north          (zero or more: the options that differ from the profile)
//! start 4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South
//! claim win 29                        (or: loss N, margin S-N, e.g. margin 27-21)
//! proof South win
//! 29 A3 4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South
//! 27 A4 ...
//! end
//! ```
//!
//! A proof names its prover and goal: `win` (the prover wins) or `score N` (the prover's
//! final score, G-R14, is at least N). Each of its lines is one position of the prover's
//! strategy with the prover to move: `<n> <move> <position text>`, where n is the most
//! plies the game may still last from there, by the strategy, until it ends with the goal
//! met. The opponent's replies are implied: all of them must be covered. A `claim win n`
//! or `claim loss n` has one proof (prover: the side to move at the start, or its
//! opponent); a `claim margin S-N` has two (South `score S`, North `score N`, S + N = 48).

use bao_rules::{Game, RuleSet, Side};
use std::fmt::{self, Write as _};

/// The first line of every certificate (format version 1).
pub const MAGIC: &str = "bao-certificate 1";

/// What a proof shows for its prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The prover wins the game (K-R12, G-R14).
    Win,
    /// The prover's final score (G-R14) is at least this many seeds.
    Score(u32),
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Score(n) => write!(f, "score {n}"),
        }
    }
}

/// The claim of a certificate, for the side to move at the start (or, for a margin, for
/// both sides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The side to move wins within this many plies.
    Win(u32),
    /// The side to move loses within this many plies (the opponent wins).
    Loss(u32),
    /// Under perfect play the final scores are exactly South's and North's (sum 48).
    Margin {
        /// South's final score.
        south: u32,
        /// North's final score.
        north: u32,
    },
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Win(n) => write!(f, "win {n}"),
            Claim::Loss(n) => write!(f, "loss {n}"),
            Claim::Margin { south, north } => write!(f, "margin {south}-{north}"),
        }
    }
}

/// One line of a proof: a position with the prover to move, the prover's move there and
/// the most plies the game may still last (by the strategy) until the goal is met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofLine {
    /// Plies left, at most.
    pub plies: u32,
    /// The move text (notation.md §3).
    pub mv: String,
    /// The position text (notation.md §2).
    pub position: String,
    /// The line number in the file (1-based; 0 for a certificate built in memory).
    pub line: usize,
}

/// One proof: a strategy of its prover that meets its goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The player whose strategy this is.
    pub prover: Side,
    /// What the strategy achieves.
    pub goal: Goal,
    /// The strategy's positions, the start's (if the prover moves first) first.
    pub lines: Vec<ProofLine>,
    /// The line number of the `proof` line (0 in memory).
    pub line: usize,
}

/// A whole certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The game's name (`kingulu`, `kiswahili`).
    pub game: String,
    /// The rules profile name.
    pub profile: String,
    /// Options that differ from the profile, as `(name, value)`.
    pub options: Vec<(String, String)>,
    /// The start position text.
    pub start: String,
    /// The claim.
    pub claim: Claim,
    /// The proofs (one for win/loss, two for a margin: South's then North's).
    pub proofs: Vec<Proof>,
    /// The line number of the `claim` line (0 in memory).
    pub claim_line: usize,
}

/// A flaw in a certificate: the line number (1-based; 0 = the file as a whole) and what is
/// wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateError {
    /// The line (1-based), 0 when the flaw is not on one line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CertificateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for CertificateError {}

/// A flaw at `line`.
pub(crate) fn flaw(line: usize, message: impl Into<String>) -> CertificateError {
    CertificateError {
        line,
        message: message.into(),
    }
}

impl Certificate {
    /// The header of a certificate for `start` (its game, rules and position).
    pub fn for_position<G: Game>(start: &G, claim: Claim) -> Certificate {
        let rules = start.rules();
        Certificate {
            game: G::NAME.to_string(),
            profile: rules.profile_name().to_string(),
            options: rules
                .differences()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
            start: start.to_text(),
            claim,
            proofs: Vec::new(),
            claim_line: 0,
        }
    }

    /// The number of strategy positions in all proofs.
    pub fn positions(&self) -> usize {
        self.proofs.iter().map(|p| p.lines.len()).sum()
    }

    /// The certificate as text (the module's format), ending with a newline.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{MAGIC}");
        let _ = writeln!(out, "game {}", self.game);
        let _ = writeln!(out, "rules {}", self.profile);
        for (name, value) in &self.options {
            let _ = writeln!(out, "option {name}={value}");
        }
        let _ = writeln!(out, "start {}", self.start);
        let _ = writeln!(out, "claim {}", self.claim);
        for proof in &self.proofs {
            let _ = writeln!(out, "proof {} {}", proof.prover, proof.goal);
            for l in &proof.lines {
                let _ = writeln!(out, "{} {} {}", l.plies, l.mv, l.position);
            }
            let _ = writeln!(out, "end");
        }
        out
    }

    /// Reads a certificate's text (syntax only: [`super::verify`] checks the proof).
    ///
    /// # Errors
    /// [`CertificateError`] with the line number of the first line that cannot be read.
    pub fn parse(text: &str) -> Result<Certificate, CertificateError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let mut next = |what: &str| {
            lines
                .next()
                .ok_or_else(|| flaw(0, format!("the certificate ends before its {what}")))
        };
        let (n, magic) = next("first line")?;
        if magic != MAGIC {
            return Err(flaw(n, format!("expected {MAGIC:?}, found {magic:?}")));
        }
        let field = |(n, l): (usize, &str), key: &str| -> Result<String, CertificateError> {
            l.strip_prefix(key)
                .filter(|rest| rest.starts_with(' '))
                .map(|rest| rest.trim().to_string())
                .ok_or_else(|| flaw(n, format!("expected `{key} ...`, found {l:?}")))
        };
        let game = field(next("game line")?, "game")?;
        let profile = field(next("rules line")?, "rules")?;
        let mut options = Vec::new();
        let mut start = None;
        let mut claim = None;
        let mut claim_line = 0;
        let mut proofs: Vec<Proof> = Vec::new();
        let mut open: Option<Proof> = None;
        for (n, l) in lines {
            if let Some(proof) = open.as_mut() {
                if l == "end" {
                    proofs.push(open.take().expect("open proof"));
                    continue;
                }
                proof.lines.push(parse_line(n, l)?);
                continue;
            }
            if let Some(rest) = l.strip_prefix("option ") {
                if start.is_some() {
                    return Err(flaw(n, "`option` lines come before the `start` line"));
                }
                let (name, value) = rest
                    .split_once('=')
                    .ok_or_else(|| flaw(n, format!("expected `option NAME=VALUE`, found {l:?}")))?;
                options.push((name.trim().to_string(), value.trim().to_string()));
            } else if let Some(rest) = l.strip_prefix("start ") {
                start = Some(rest.trim().to_string());
            } else if let Some(rest) = l.strip_prefix("claim ") {
                claim = Some(parse_claim(n, rest.trim())?);
                claim_line = n;
            } else if let Some(rest) = l.strip_prefix("proof ") {
                if start.is_none() || claim.is_none() {
                    return Err(flaw(n, "a proof must follow the `start` and `claim` lines"));
                }
                let mut words = rest.split_whitespace();
                let prover = words.next().and_then(Side::parse).ok_or_else(|| {
                    flaw(n, format!("expected `proof South|North GOAL`, found {l:?}"))
                })?;
                let goal = match (words.next(), words.next(), words.next()) {
                    (Some("win"), None, None) => Goal::Win,
                    (Some("score"), Some(v), None) => Goal::Score(v.parse().map_err(|_| {
                        flaw(n, format!("the score {v:?} is not a number of seeds"))
                    })?),
                    _ => {
                        return Err(flaw(
                            n,
                            format!("expected the goal `win` or `score N`, found {l:?}"),
                        ))
                    }
                };
                open = Some(Proof {
                    prover,
                    goal,
                    lines: Vec::new(),
                    line: n,
                });
            } else {
                return Err(flaw(n, format!("unexpected line {l:?}")));
            }
        }
        if let Some(p) = open {
            return Err(flaw(p.line, "this proof has no `end` line"));
        }
        Ok(Certificate {
            game,
            profile,
            options,
            start: start.ok_or_else(|| flaw(0, "the certificate has no `start` line"))?,
            claim: claim.ok_or_else(|| flaw(0, "the certificate has no `claim` line"))?,
            proofs,
            claim_line,
        })
    }
}

fn parse_claim(n: usize, text: &str) -> Result<Claim, CertificateError> {
    let bad = || {
        flaw(
            n,
            format!("expected the claim `win N`, `loss N` or `margin S-N`, found {text:?}"),
        )
    };
    let (kind, value) = text.split_once(' ').ok_or_else(bad)?;
    let num = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
    match kind {
        "win" => Ok(Claim::Win(num(value)?)),
        "loss" => Ok(Claim::Loss(num(value)?)),
        "margin" => {
            let (s, nn) = value.split_once('-').ok_or_else(bad)?;
            Ok(Claim::Margin {
                south: num(s)?,
                north: num(nn)?,
            })
        }
        _ => Err(bad()),
    }
}

fn parse_line(n: usize, l: &str) -> Result<ProofLine, CertificateError> {
    let mut parts = l.splitn(3, ' ');
    let (plies, mv, position) = match (parts.next(), parts.next(), parts.next()) {
        (Some(p), Some(m), Some(pos)) => (p, m, pos),
        _ => {
            return Err(flaw(
                n,
                format!("expected `PLIES MOVE POSITION` or `end`, found {l:?}"),
            ))
        }
    };
    let plies = plies
        .parse()
        .map_err(|_| flaw(n, format!("{plies:?} is not a number of plies")))?;
    Ok(ProofLine {
        plies,
        mv: mv.to_string(),
        position: position.trim().to_string(),
        line: n,
    })
}
