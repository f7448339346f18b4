//! Repetition in the search (Bao Kingulu G-R15, option O7 `third-occurrence-scores`):
//! a position that would occur for the third time in the game — counting the game's
//! history before the root and the search path — ends the game there, scored by
//! `Game::repetition_outcome`, as `GameLine::outcome` says.
//!
//! A toy game on a ring makes exact values easy to state and to check against an
//! independent solver that plays through a `GameLine`; T32 of the Bao Kingulu spec checks
//! the real rules.

use bao_engine::{Engine, EngineConfig, Evaluate, Limits, Score, Searcher};
use bao_rules::kingulu::Kingulu;
use bao_rules::{
    BoardView, EndReason, Game, GameLine, MoveParseError, OptionError, Outcome, PlayError,
    PositionError, RuleSet, Side, TraceEvent,
};
use std::fmt;

/// The rules of the ring game: `len` nodes (2 or 4) around a ring; at node i the side to
/// move (South at even nodes, North at odd ones) either steps to the next node or exits,
/// which ends the game with `exits[i]` as the winner (`None` = a draw). `repetition`:
/// the winner at a third occurrence (`Some(None)` = a draw), or `None` for no rule.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct RingRules {
    len: u8,
    exits: [Option<Side>; 4],
    repetition: Option<Option<Side>>,
}

impl RuleSet for RingRules {
    fn profile_names() -> &'static [&'static str] {
        &["default"]
    }
    fn profile(_name: &str) -> Result<Self, OptionError> {
        Ok(RingRules::default())
    }
    fn profile_name(&self) -> &'static str {
        "default"
    }
    fn options(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), OptionError> {
        Err(OptionError {
            message: format!("unknown option {name:?}"),
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum RingMove {
    Step,
    Exit,
}

/// A ring position: the node, or the exit taken (the game is over).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Ring {
    node: u8,
    exited: Option<Option<Side>>,
    rules: RingRules,
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {} exited {:?}", self.node, self.exited)
    }
}

impl Game for Ring {
    type Move = RingMove;
    type Rules = RingRules;
    const NAME: &'static str = "ring";
    const SEEDS: u32 = 0;

    fn start(rules: &RingRules) -> Self {
        Ring {
            node: 0,
            exited: None,
            rules: rules.clone(),
        }
    }
    fn from_text(text: &str, _rules: &RingRules) -> Result<Self, PositionError> {
        Err(PositionError::Syntax {
            field: "ring".into(),
            text: text.into(),
            message: "not read".into(),
        })
    }
    fn rules(&self) -> &RingRules {
        &self.rules
    }
    fn side_to_move(&self) -> Side {
        if self.node.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.exited.map(|winner| Outcome {
            winner,
            reason: EndReason::Score,
        })
    }
    fn legal_moves(&self, out: &mut Vec<RingMove>) {
        out.clear();
        if self.exited.is_none() {
            out.extend([RingMove::Step, RingMove::Exit]);
        }
    }
    fn play(&self, mv: RingMove) -> Result<Self, PlayError> {
        if self.exited.is_some() {
            return Err(PlayError::GameOver);
        }
        Ok(self.play_unchecked(mv))
    }
    fn play_unchecked(&self, mv: RingMove) -> Self {
        let mut next = self.clone();
        match mv {
            RingMove::Step => next.node = (self.node + 1) % self.rules.len,
            // The exit keeps the side to move alternating: the opponent would move next.
            RingMove::Exit => {
                next.exited = Some(self.rules.exits[self.node as usize]);
                next.node = (self.node + 1) % self.rules.len;
            }
        }
        next
    }
    fn play_traced(&self, mv: RingMove) -> Result<(Self, Vec<TraceEvent>), PlayError> {
        Ok((self.play(mv)?, Vec::new()))
    }
    fn parse_move(&self, text: &str) -> Result<RingMove, MoveParseError> {
        match text {
            "step" => Ok(RingMove::Step),
            "exit" => Ok(RingMove::Exit),
            _ => Err(MoveParseError {
                text: text.into(),
                message: "step or exit".into(),
            }),
        }
    }
    fn move_text(&self, mv: RingMove) -> String {
        match mv {
            RingMove::Step => "step".into(),
            RingMove::Exit => "exit".into(),
        }
    }
    fn view(&self) -> BoardView {
        BoardView {
            rows: Vec::new(),
            stores: [0, 0],
            to_move: self.side_to_move(),
            stage: "ring".into(),
            scores: None,
        }
    }
    fn material(&self, _side: Side) -> i32 {
        0
    }
    fn repetition_outcome(&self) -> Option<Outcome> {
        self.rules.repetition.map(|winner| Outcome {
            winner,
            reason: EndReason::Repetition,
        })
    }
}

impl Evaluate for Ring {
    /// +30 for the side to move everywhere: a search value of 0 is never a static one.
    fn evaluate(&self) -> i32 {
        30
    }
}

const MATE: i32 = 1_000_000;

/// The exact value of the line for its side to move, by plain minimax over
/// `GameLine::legal_moves` / `play` / `undo` (the game line's own rules, no shortcuts),
/// with a win at ply p worth `MATE - p`; `None` if a line is still open after `depth`
/// plies.
fn solve<G: Game>(line: &mut GameLine<G>, depth: u32, ply: i32) -> Option<i32> {
    if let Some(o) = line.outcome() {
        let me = line.current().side_to_move();
        return Some(match o.winner {
            Some(w) if w == me => MATE - ply,
            Some(_) => -(MATE - ply),
            None => 0,
        });
    }
    if depth == 0 {
        return None;
    }
    let mut best = i32::MIN;
    for mv in line.legal_moves() {
        line.play(mv).expect("legal");
        let v = solve(line, depth - 1, ply + 1);
        line.undo(1).expect("played");
        best = best.max(-v?);
    }
    Some(best)
}

fn to_score(v: i32) -> Score {
    if v >= MATE - 10_000 {
        Score::Win((MATE - v) as u32)
    } else if v <= -(MATE - 10_000) {
        Score::Loss((MATE + v) as u32)
    } else {
        Score::Cp(v)
    }
}

fn alphabeta<G: Evaluate>() -> Engine<G> {
    Engine::new(EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: Limits::default(),
        seed: 5,
        hash_mb: 1,
        missed_captures: 0,
        eval: bao_engine::Evaluation::Linear,
        search: bao_engine::SearchParams::default(),
    })
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn ring_line(rules: &RingRules, steps: usize) -> GameLine<Ring> {
    let mut line = GameLine::new(Ring::start(rules));
    for _ in 0..steps {
        line.play(RingMove::Step).expect("open");
    }
    line
}

#[test]
fn repeating_is_the_best_either_side_can_do() {
    // Either exit loses for the side that takes it; the third occurrence is a draw. From
    // the start (node 0 once): step, step, step, step brings node 0 back a third time at
    // ply 4: a draw, 0 — never the static +30.
    let rules = RingRules {
        len: 2,
        exits: [Some(Side::North), Some(Side::South), None, None],
        repetition: Some(None),
    };
    let mut engine = alphabeta::<Ring>();
    for d in 4..=12 {
        let r = engine.search_line(&ring_line(&rules, 0), depth(d), &mut |_| {});
        assert_eq!(
            (r.best, r.info.score),
            (Some(RingMove::Step), Score::Cp(0)),
            "depth {d}"
        );
    }
    // With node 0 twice in the history (start, step, step), the draw is 2 plies away.
    let line = ring_line(&rules, 2);
    let r = engine.search_line(&line, depth(2), &mut |_| {});
    assert_eq!((r.best, r.info.score), (Some(RingMove::Step), Score::Cp(0)));
    // Without the history the same position is a plain node-0 position: the draw is 4
    // plies away, so at depth 2 the search still sees the static value.
    let r = engine.search(line.current(), depth(2), &mut |_| {});
    assert_eq!(
        (r.best, r.info.score),
        (Some(RingMove::Step), Score::Cp(30))
    );
    // Without a repetition rule (O7 none) the ring never ends by itself: a static value.
    let none = RingRules {
        repetition: None,
        ..rules.clone()
    };
    let r = engine.search_line(&ring_line(&none, 2), depth(8), &mut |_| {});
    assert_eq!(
        (r.best, r.info.score),
        (Some(RingMove::Step), Score::Cp(30))
    );
}

#[test]
fn takes_a_winning_repetition_and_avoids_a_losing_one() {
    // After three steps the line is node 0, 1, 0, 1: North is to move at node 1 and
    // node 0 has occurred twice, so North's step ends the game at once by repetition
    // (its third occurrence); North's exit is a draw. A winning repetition is taken
    // (win in 1), a losing one avoided (the exit's draw, 0).
    for (winner, best, score) in [
        (Some(Side::North), RingMove::Step, Score::Win(1)),
        (Some(Side::South), RingMove::Exit, Score::Cp(0)),
        (None, RingMove::Step, Score::Cp(0)),
    ] {
        let rules = RingRules {
            len: 2,
            exits: [None, None, None, None],
            repetition: Some(winner),
        };
        let line = ring_line(&rules, 3);
        assert_eq!(line.current().side_to_move(), Side::North);
        for d in 1..=6 {
            let r = alphabeta::<Ring>().search_line(&line, depth(d), &mut |_| {});
            if winner.is_none() {
                // Step (a repetition draw) and exit (a draw) are both worth 0.
                assert_eq!(r.info.score, score, "{winner:?} depth {d}");
            } else {
                assert_eq!(
                    (r.best, r.info.score),
                    (Some(best), score),
                    "{winner:?} depth {d}"
                );
            }
        }
    }
}

#[test]
fn values_agree_with_a_game_line_solver() {
    // Every ring (2 or 4 nodes, every exit result, every repetition setting), every
    // history of 0..=8 steps that leaves the game open, depths 1..=10: whenever the
    // solver proves the value within the depth, the engine's score is exactly that value
    // and its move achieves it. Transpositions abound (the ring has 2–4 positions), so
    // this also checks that path-dependent values do not leak through the table.
    let results = [Some(Side::South), Some(Side::North), None];
    let mut checked = 0;
    for len in [2u8, 4] {
        let mut exit_sets: Vec<[Option<Side>; 4]> = vec![[None; 4]];
        for i in 0..len as usize {
            exit_sets = exit_sets
                .iter()
                .flat_map(|e| {
                    results.iter().map(move |&r| {
                        let mut e = *e;
                        e[i] = r;
                        e
                    })
                })
                .collect();
        }
        for exits in &exit_sets {
            for repetition in [
                None,
                Some(None),
                Some(Some(Side::South)),
                Some(Some(Side::North)),
            ] {
                let rules = RingRules {
                    len,
                    exits: *exits,
                    repetition,
                };
                let mut engine = alphabeta::<Ring>();
                for steps in 0..=8 {
                    let mut line = GameLine::new(Ring::start(&rules));
                    let mut open = true;
                    for _ in 0..steps {
                        open &= line.play(RingMove::Step).is_ok();
                    }
                    if !open || line.is_over() {
                        continue;
                    }
                    for d in 1..=10u32 {
                        let Some(v) = solve(&mut line, d, 0) else {
                            continue;
                        };
                        let r = engine.search_line(&line, depth(d), &mut |_| {});
                        let what = format!("{rules:?} steps {steps} depth {d}");
                        assert_eq!(r.info.score, to_score(v), "{what}");
                        let mv = r.best.expect("open game");
                        line.play(mv).expect("legal");
                        let after = solve(&mut line, d, 1).map(|x| -x);
                        line.undo(1).expect("played");
                        assert_eq!(after, Some(v), "{what}: best {mv:?}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}

/// T32 of the Bao Kingulu spec: `A6 a6` restores the position.
const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";

fn t32_line(moves: &[&str]) -> GameLine<Kingulu> {
    let start = Kingulu::from_text(T32, &Default::default()).expect("T32");
    let mut line = GameLine::new(start);
    for m in moves {
        line.play_text(m).expect("T32 moves");
    }
    line
}

#[test]
fn kingulu_t32_the_engine_does_not_walk_into_a_losing_repetition() {
    // After A6 a6 A6 the T32 position has occurred twice and North is to move (legal:
    // a3 a5 a6). a6 would bring it back a third time: the game ends scored by G-R14 on
    // it, South 27–21 (G-R15) — a loss for North at once.
    let line = t32_line(&["A6", "a6", "A6"]);
    let pos = *line.current();
    let texts: Vec<String> = pos.moves().iter().map(|&m| pos.move_text(m)).collect();
    assert_eq!(texts, ["a3", "a5", "a6"]);
    let mut done = line.clone();
    done.play_text("a6").expect("legal");
    let o = done.outcome().expect("third occurrence");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Side::South), EndReason::Repetition)
    );
    // The line after a6 is over: no move, the score is South's (the side to move) win.
    let r = alphabeta::<Kingulu>().search_line(&done, depth(4), &mut |_| {});
    assert_eq!((r.best, r.info.score), (None, Score::Win(0)));
    // Without the history, a depth-8 search of the same position prefers a6; with it,
    // the engine avoids a6 at every depth.
    let r = alphabeta::<Kingulu>().search(&pos, depth(8), &mut |_| {});
    assert_eq!(pos.move_text(r.best.unwrap()), "a6");
    for d in 1..=10 {
        let r = alphabeta::<Kingulu>().search_line(&line, depth(d), &mut |_| {});
        let best = pos.move_text(r.best.unwrap());
        assert_ne!(best, "a6", "depth {d}");
        assert!(!matches!(r.info.score, Score::Loss(1)), "depth {d}");
    }
    // Every searcher knows the history: greedy (one ply) and MCTS avoid a6 too.
    for searcher in [Searcher::Greedy, Searcher::Mcts] {
        let mut e: Engine<Kingulu> = Engine::new(EngineConfig {
            searcher,
            limits: Limits {
                nodes: Some(2_000),
                ..Limits::default()
            },
            seed: 3,
            hash_mb: 1,
            missed_captures: 0,
            eval: bao_engine::Evaluation::Linear,
            search: bao_engine::SearchParams::default(),
        });
        let r = e.search_line(&line, Limits::default(), &mut |_| {});
        assert_ne!(pos.move_text(r.best.unwrap()), "a6", "{searcher:?}");
    }
}

#[test]
fn match_games_end_by_the_third_occurrence() {
    // `bao match` plays each game as a GameLine: on the ring where repeating is best for
    // both, every game ends by G-R15 after 4 plies, a draw — not at the ply limit.
    let rules = RingRules {
        len: 2,
        exits: [Some(Side::North), Some(Side::South), None, None],
        repetition: Some(None),
    };
    let engine = EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: depth(6),
        seed: 1,
        hash_mb: 1,
        missed_captures: 0,
        eval: bao_engine::Evaluation::Linear,
        search: bao_engine::SearchParams::default(),
    };
    let cfg = bao_engine::arena::MatchConfig {
        a: engine.clone(),
        b: engine,
        games: 4,
        opening_plies: 0,
        seed: 9,
        max_plies: 100,
        threads: 1,
        progress: false,
        keep_records: true,
    };
    let report = bao_engine::arena::run_match(&Ring::start(&rules), &cfg);
    assert_eq!(
        (report.draws, report.repetitions, report.adjudicated),
        (4, 4, 0)
    );
    for g in &report.games {
        assert_eq!(g.outcome.reason, EndReason::Repetition);
        assert_eq!(
            (g.plies, g.moves.join(" ")),
            (4, "step step step step".to_string())
        );
    }
}
