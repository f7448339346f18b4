//! The certificate checker: the rules crate alone (no search, no transposition table, no
//! evaluation). Imports only `bao_rules`, `std` and the [`super::certificate`] format.
//!
//! For each proof it walks the prover's strategy from the start position, playing every
//! move with [`Game::play`] and every opponent reply from [`Game::legal_moves`]:
//!
//! * every position reached with the prover to move must have a line, and that line's move
//!   must be legal there;
//! * every line ends within its plies: after the prover's move the game is over with the
//!   goal met, or every reply leads to a finished game with the goal met or to a position
//!   whose line claims at most `plies − 2`; so the plies strictly decrease along every line
//!   of play, and **no line of a verified proof repeats a position** (the proof holds
//!   whether or not repetition ends a game, G-R15 / option O7);
//! * the start's claim is within the claimed length; every line is used; no position has
//!   two lines.

use super::certificate::{flaw, Certificate, CertificateError, Claim, Goal, Proof};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{Game, RuleSet, Side};
use std::collections::HashMap;

/// What a successful check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// The game's name.
    pub game: String,
    /// The start position text.
    pub start: String,
    /// The verified claim.
    pub claim: Claim,
    /// Distinct positions checked, over all proofs (strategy positions, the positions after
    /// the prover's moves and finished games).
    pub positions_checked: usize,
    /// Strategy lines in the file.
    pub lines: usize,
}

/// Reads and checks a certificate's text, for either game.
///
/// # Errors
/// [`CertificateError`] with the line of the first flaw found.
pub fn verify_text(text: &str) -> Result<VerifyReport, CertificateError> {
    let cert = Certificate::parse(text)?;
    match cert.game.as_str() {
        "kingulu" => verify::<Kingulu>(&cert),
        "kiswahili" => verify::<Kiswahili>(&cert),
        other => Err(flaw(
            0,
            format!("the `game` line names {other:?}; expected kingulu or kiswahili"),
        )),
    }
}

/// Checks a parsed certificate for game `G`.
///
/// # Errors
/// [`CertificateError`] with the line of the first flaw found.
pub fn verify<G: Game>(cert: &Certificate) -> Result<VerifyReport, CertificateError> {
    if cert.game != G::NAME {
        return Err(flaw(
            0,
            format!("the certificate is for {}, not {}", cert.game, G::NAME),
        ));
    }
    let mut rules = G::Rules::profile(&cert.profile)
        .map_err(|e| flaw(0, format!("the `rules` line: {}", e.message)))?;
    for (name, value) in &cert.options {
        rules
            .set_option(name, value)
            .map_err(|e| flaw(0, format!("the option {name}={value}: {}", e.message)))?;
    }
    let start = G::from_text(&cert.start, &rules)
        .map_err(|e| flaw(0, format!("the `start` position: {e}")))?;
    let mover = start.side_to_move();
    let cl = cert.claim_line;
    let expected: Vec<(Side, Goal)> = match cert.claim {
        Claim::Win(_) => vec![(mover, Goal::Win)],
        Claim::Loss(_) => vec![(mover.opponent(), Goal::Win)],
        Claim::Margin { south, north } => {
            if south + north != G::SEEDS {
                return Err(flaw(
                    cl,
                    format!(
                        "the margin {south}-{north} does not add up to the {} seeds of the game",
                        G::SEEDS
                    ),
                ));
            }
            vec![
                (Side::South, Goal::Score(south)),
                (Side::North, Goal::Score(north)),
            ]
        }
    };
    if cert.proofs.len() != expected.len() {
        return Err(flaw(
            cl,
            format!(
                "the claim {} needs {} proof(s), the certificate has {}",
                cert.claim,
                expected.len(),
                cert.proofs.len()
            ),
        ));
    }
    let budget = match cert.claim {
        Claim::Win(n) | Claim::Loss(n) => n,
        Claim::Margin { .. } => u32::MAX,
    };
    let mut checked = 0;
    for (proof, (prover, goal)) in cert.proofs.iter().zip(expected) {
        if proof.prover != prover || proof.goal != goal {
            return Err(flaw(
                proof.line,
                format!(
                    "the claim {} needs a proof `{prover} {goal}`, this one is `{} {}`",
                    cert.claim, proof.prover, proof.goal
                ),
            ));
        }
        checked += check_proof(&start, proof, budget, cl)?;
    }
    Ok(VerifyReport {
        game: cert.game.clone(),
        start: start.to_text(),
        claim: cert.claim,
        positions_checked: checked,
        lines: cert.positions(),
    })
}

/// Whether the finished game `pos` meets `goal` for `prover`; `Err` says what it shows.
fn goal_met<G: Game>(pos: &G, prover: Side, goal: Goal) -> Result<(), String> {
    let outcome = pos.outcome().ok_or("the game is not over")?;
    let scores = pos.view().scores;
    let result = match (outcome.winner, scores) {
        (Some(w), Some(s)) => format!("{w} wins {}-{} (South-North)", s[0], s[1]),
        (None, Some(s)) => format!("a draw {}-{}", s[0], s[1]),
        (Some(w), None) => format!("{w} wins"),
        (None, None) => "a draw".to_string(),
    };
    let ok = match goal {
        Goal::Win => outcome.winner == Some(prover),
        Goal::Score(t) => match scores {
            Some(s) => s[prover.index()] >= t,
            None => return Err("this game has no final score (goal `score`)".into()),
        },
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "ends in {result}, which does not give {prover} its goal ({goal})"
        ))
    }
}

/// One item of the walk: a position, the plies left for it, the line whose strategy led
/// here (0 = the claim) and the moves from that line's position.
struct Item<G> {
    pos: G,
    budget: u32,
    from: usize,
    via: String,
}

/// Checks one proof from `start` with `budget` plies; returns the positions checked.
fn check_proof<G: Game>(
    start: &G,
    proof: &Proof,
    budget: u32,
    claim_line: usize,
) -> Result<usize, CertificateError> {
    let rules = start.rules().clone();
    let prover = proof.prover;
    // Index the lines by canonical position text.
    let mut index: HashMap<String, usize> = HashMap::with_capacity(proof.lines.len());
    for (i, l) in proof.lines.iter().enumerate() {
        let pos = G::from_text(&l.position, &rules)
            .map_err(|e| flaw(l.line, format!("the position: {e}")))?;
        if pos.side_to_move() != prover {
            return Err(flaw(
                l.line,
                format!(
                    "{} is to move here, but the lines are {prover}'s",
                    pos.side_to_move()
                ),
            ));
        }
        if let Some(&j) = index.get(&pos.to_text()) {
            return Err(flaw(
                l.line,
                format!(
                    "this position already has line {}; a position has one line",
                    proof.lines[j].line
                ),
            ));
        }
        index.insert(pos.to_text(), i);
    }
    let mut used = vec![false; proof.lines.len()];
    let mut opp_seen: HashMap<G, u32> = HashMap::new();
    let mut prover_seen: HashMap<G, ()> = HashMap::new();
    let mut checked = 0usize;
    let mut stack = vec![Item {
        pos: start.clone(),
        budget,
        from: claim_line,
        via: "the start".to_string(),
    }];
    let mut moves = Vec::new();
    while let Some(item) = stack.pop() {
        let Item {
            pos,
            budget,
            from,
            via,
        } = item;
        if pos.outcome().is_some() {
            checked += 1;
            goal_met(&pos, prover, proof.goal)
                .map_err(|why| flaw(from, format!("the game after {via} {why}")))?;
            continue;
        }
        if budget == 0 {
            return Err(flaw(
                from,
                format!(
                    "the game is not over after {via} ({}), but the plies claimed are used up",
                    pos.to_text()
                ),
            ));
        }
        if pos.side_to_move() != prover {
            match opp_seen.get(&pos) {
                Some(&b) if b >= budget => continue,
                Some(_) => {}
                None => checked += 1,
            }
            opp_seen.insert(pos.clone(), budget);
            pos.legal_moves(&mut moves);
            for &r in moves.iter() {
                let child = pos.play(r).map_err(|e| {
                    flaw(from, format!("reply {} after {via}: {e}", pos.move_text(r)))
                })?;
                stack.push(Item {
                    pos: child,
                    budget: budget - 1,
                    from,
                    via: format!("{via} {}", pos.move_text(r)),
                });
            }
            continue;
        }
        let text = pos.to_text();
        let Some(&i) = index.get(&text) else {
            return Err(flaw(
                from,
                format!("after {via}, {prover} is to move in {text}, which has no line: a reply is not covered"),
            ));
        };
        let line = &proof.lines[i];
        if line.plies > budget {
            return Err(flaw(
                line.line,
                format!(
                    "this line claims {} plies, but it is reached from {} with only {budget} left (after {via})",
                    line.plies,
                    if from == claim_line { "the claim".to_string() } else { format!("line {from}") }
                ),
            ));
        }
        used[i] = true;
        if prover_seen.insert(pos.clone(), ()).is_some() {
            continue;
        }
        checked += 1;
        let mv = pos
            .parse_move(&line.mv)
            .map_err(|e| flaw(line.line, format!("the move {:?}: {}", line.mv, e.message)))?;
        let after = pos
            .play(mv)
            .map_err(|e| flaw(line.line, format!("the move {}: {e}", line.mv)))?;
        stack.push(Item {
            pos: after,
            budget: line.plies - 1,
            from: line.line,
            via: line.mv.clone(),
        });
    }
    if let Some(i) = used.iter().position(|u| !u) {
        return Err(flaw(
            proof.lines[i].line,
            "this position is never reached by the strategy",
        ));
    }
    Ok(checked)
}
