//! The shipped puzzle sets (docs/puzzles.md): at least 100 per game, every one
//! re-proven by the solver; a puzzle altered in its solution or its claimed result fails.

use bao_engine::puzzle::{check, shipped, verify_set, Claim, PuzzleSet, VERIFY_NODES};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::Game;

fn set(game: &str) -> PuzzleSet {
    PuzzleSet::parse(shipped(game).unwrap()).unwrap()
}

/// Every shipped puzzle verifies (about 4 s in a debug build: each is a solve of a few
/// hundred thousand positions at most).
#[test]
fn the_shipped_sets_verify() {
    let kingulu = set("kingulu");
    let kiswahili = set("kiswahili");
    assert!(kingulu.len() >= 100, "{}", kingulu.len());
    assert!(kiswahili.len() >= 100, "{}", kiswahili.len());
    let mut done = 0;
    let flaws = verify_set::<Kingulu>(&kingulu, VERIFY_NODES, &|_| true, &mut |d, _| done = d);
    assert_eq!(flaws, []);
    assert_eq!(done, kingulu.len());
    let flaws = verify_set::<Kiswahili>(&kiswahili, VERIFY_NODES, &|_| true, &mut |_, _| {});
    assert_eq!(flaws, []);
    // Both kinds of Bao Kingulu claims are in the set.
    let kinds = |s: &PuzzleSet, f: fn(&Claim) -> bool| {
        s.puzzles.iter().filter(|(_, p)| f(&p.result)).count()
    };
    assert!(kinds(&kingulu, |c| matches!(c, Claim::OnlyWin(_))) >= 20);
    assert!(kinds(&kingulu, |c| matches!(c, Claim::BestScore { .. })) >= 20);
    assert_eq!(
        kinds(&kiswahili, |c| matches!(c, Claim::WinWithin(_))),
        kiswahili.len()
    );
}

/// Kiswahili puzzle 2 (North a2<, the only win within 5 plies) with another solution.
#[test]
fn a_wrong_solution_fails() {
    let s = set("kiswahili");
    let mut p = s.get(2).unwrap().clone();
    assert_eq!(
        (p.solution.as_str(), p.result),
        ("a2<", Claim::WinWithin(5))
    );
    assert_eq!(check::<Kiswahili>(&p, VERIFY_NODES), Ok(()));
    p.solution = "a7>".into();
    p.line[0] = "a7>".into();
    assert_eq!(
        check::<Kiswahili>(&p, VERIFY_NODES),
        Err(
            "the solution a7> is wrong: a2< is the only move that meets the claim (win within 5)"
                .into()
        )
    );
    // The solution alone changed: the line no longer starts with it.
    let mut q = s.get(2).unwrap().clone();
    q.solution = "a7>".into();
    assert_eq!(
        check::<Kiswahili>(&q, VERIFY_NODES),
        Err(
            "the solution a7> is wrong: a2< is the only move that meets the claim (win within 5)"
                .into()
        )
    );
    // An illegal solution.
    q.solution = "A6>".into();
    assert_eq!(
        check::<Kiswahili>(&q, VERIFY_NODES),
        Err("solution: A6 is a hole of South, but North is to move".into())
    );
    // Through the set: the flaw names the puzzle and its line in the file.
    let mut altered = s.clone();
    altered.puzzles[1].1 = p;
    let flaws = verify_set::<Kiswahili>(&altered, VERIFY_NODES, &|i| i < 4, &mut |_, _| {});
    assert_eq!(flaws.len(), 1);
    assert_eq!(
        flaws[0].to_string(),
        "puzzle 2 (line 6): the solution a7> is wrong: a2< is the only move that meets the claim (win within 5)"
    );
}

/// Claimed results that the solver does not prove.
#[test]
fn a_wrong_result_fails() {
    let s = set("kingulu");
    // Kingulu puzzle 7: South A6, the only win, in 17 plies.
    let mut p = s.get(7).unwrap().clone();
    assert_eq!((p.solution.as_str(), p.result), ("A6", Claim::OnlyWin(17)));
    p.result = Claim::OnlyWin(15);
    assert_eq!(
        check::<Kingulu>(&p, VERIFY_NODES),
        Err("the claimed result is only win in 15, but the solver proves only win in 17".into())
    );
    // Kingulu puzzle 1: North a4, best score 26-22.
    let mut p = s.get(1).unwrap().clone();
    assert_eq!(
        p.result,
        Claim::BestScore {
            south: 26,
            north: 22
        }
    );
    p.result = Claim::BestScore {
        south: 25,
        north: 23,
    };
    assert_eq!(
        check::<Kingulu>(&p, VERIFY_NODES),
        Err(
            "the claimed result is best score 25-23, but the solver proves best score 26-22".into()
        )
    );
    // Kiswahili puzzle 2 claimed as a win within 3: no move does that.
    let mut p = set("kiswahili").get(2).unwrap().clone();
    p.result = Claim::WinWithin(3);
    assert_eq!(
        check::<Kiswahili>(&p, VERIFY_NODES),
        Err("no move meets the claim win within 3: the solution a2< does not".into())
    );
    // A best score in a game without a final score.
    let mut p = set("kiswahili").get(2).unwrap().clone();
    p.result = Claim::BestScore {
        south: 30,
        north: 34,
    };
    assert_eq!(
        check::<Kiswahili>(&p, VERIFY_NODES),
        Err(
            "best score 30-34: this game has no final score (G-R14), so no move has a best one"
                .into()
        )
    );
    // A line cut short no longer ends in the win.
    let mut p = set("kiswahili").get(2).unwrap().clone();
    p.line.pop();
    assert_eq!(
        check::<Kiswahili>(&p, VERIFY_NODES),
        Err("the line (4 plies) does not end in North's win after 5 plies".into())
    );
    // The wrong theme.
    let mut p = set("kiswahili").get(2).unwrap().clone();
    p.theme = "safari".into();
    assert_eq!(
        check::<Kiswahili>(&p, VERIFY_NODES),
        Err("the theme is \"safari\", but the solution's is \"relay\"".into())
    );
}

/// A win line must be a principal variation (docs/puzzles.md, "Verifying"): a defender's
/// move that is not a longest defence, or a winner's move that is not a shortest win, is
/// rejected, naming the ply.
#[test]
fn a_win_line_with_a_weak_defence_or_a_slow_win_fails() {
    let s = set("kiswahili");
    // Kiswahili puzzle 2: North a2<, the only win within 5: a2< B8> a7> B5< a5>.
    let mut p = s.get(2).unwrap().clone();
    assert_eq!(p.line, ["a2<", "B8>", "a7>", "B5<", "a5>"]);
    let pos: Kiswahili = p.position_of().unwrap();
    let after = pos.play(pos.parse_move("a2<").unwrap()).unwrap();
    // Every other move of South there lets North win at once.
    let others: Vec<String> = after
        .moves()
        .into_iter()
        .map(|m| after.move_text(m))
        .filter(|t| t != "B8>")
        .collect();
    assert_eq!(others, ["B5<", "B5>", "B7<", "B7>", "B8<"]);
    for other in &others {
        p.line = vec!["a2<".into(), other.clone()];
        assert_eq!(
            check::<Kiswahili>(&p, VERIFY_NODES),
            Err(format!(
                "line, ply 2 ({other} by South): not a longest defence: North then wins in 1 ply, not in 3 plies"
            ))
        );
    }
    // North's third ply: a6> and b3< win in 4 more plies instead of 2, a5< not at all.
    for (third, why) in [
        ("a6>", "North then wins in 4 plies, not in 2 plies"),
        ("b3<", "North then wins in 4 plies, not in 2 plies"),
        (
            "a5<",
            "North then has no win within 6 plies, not in 2 plies",
        ),
    ] {
        p.line = vec!["a2<".into(), "B8>".into(), third.into()];
        assert_eq!(
            check::<Kiswahili>(&p, VERIFY_NODES),
            Err(format!(
                "line, ply 3 ({third} by North): not a shortest win: {why}"
            ))
        );
    }
}

/// A best-score line must keep the score at every ply, and run to the end of the game or
/// 24 plies.
#[test]
fn a_best_score_line_that_gives_up_seeds_or_stops_early_fails() {
    let s = set("kingulu");
    // Kingulu puzzle 3: South A6, best score 19-29; after it North's a4 keeps 19-29, a5
    // gives South 27-21 (bao solve --moves --margin).
    let p = s.get(3).unwrap().clone();
    assert_eq!(p.line[..4], ["A6", "a4", "A2", "a6"]);
    assert_eq!(
        p.result,
        Claim::BestScore {
            south: 19,
            north: 29
        }
    );
    assert_eq!(check::<Kingulu>(&p, VERIFY_NODES), Ok(()));
    let mut q = p.clone();
    q.line = vec!["A6".into(), "a5".into()];
    assert_eq!(
        check::<Kingulu>(&q, VERIFY_NODES),
        Err("line, ply 2 (a5 by North): does not keep the best score 19-29: the final score is then South 27, North 21".into())
    );
    q.line = p.line[..4].to_vec();
    assert_eq!(
        check::<Kingulu>(&q, VERIFY_NODES),
        Err("the line stops after 4 plies with the game going on: a best-score line runs to the end of the game or 24 plies".into())
    );
}
