//! Evaluation and search weights of both games, in one place.
//!
//! Units: centi-seeds (100 = one seed of material). Every evaluation term is
//! "weight × feature difference", the feature measured for the side to move minus the
//! same feature for the opponent unless the name says otherwise.

// ---------------------------------------------------------------- Bao la Kiswahili

/// Per seed a side owns: its 16 holes plus its store (K-R1; all 64 seeds are always owned
/// by one side, so the difference is the material balance).
pub const KS_MATERIAL: i32 = 100;
/// Extra per seed in a side's front row (they make captures and keep bao hamna away, K-R12).
pub const KS_FRONT_SEED: i32 = 8;
/// Per occupied front hole (an empty front row loses, K-R12.1).
pub const KS_FRONT_HOLE: i32 = 25;
/// Per hole with ≥ 2 seeds in the mtaji stage (mobility: only singletons loses, K-R12.3).
pub const KS_MOBILE_HOLE: i32 = 15;
/// Per seed of the largest first capture the side to move has now (K-R6.1, R9.2): it moves
/// those seeds from the opponent's side to the mover's (a swing of 2 × 100 per seed), scaled
/// down because the capture is not yet made.
pub const KS_MY_CAPTURE: i32 = 120;
/// Per seed of the largest first capture the opponent threatens (the side to move may be
/// able to defend it, so it weighs less than [`KS_MY_CAPTURE`]).
pub const KS_THEIR_THREAT: i32 = 70;
/// A nyumba that is owned and functional (≥ 6 seeds, K-R8.3) while its owner is in namua.
pub const KS_NYUMBA_FUNCTIONAL: i32 = 150;
/// An owned nyumba (dormant, or in the mtaji stage, where it only resists takasia, K-R8.5).
pub const KS_NYUMBA_OWNED: i32 = 40;
/// Per store seed still to be entered (namua seeds cannot be captured).
pub const KS_STORE_SEED: i32 = 5;
/// The side to move is under a takasia restriction (K-R11.5).
pub const KS_TAKASIA: i32 = 30;

/// The number of terms of the Bao la Kiswahili evaluation
/// (`KiswahiliFeatures::terms`).
pub const KS_TERMS: usize = 10;

/// The hand-written weights of the Bao la Kiswahili evaluation, one per term of
/// `KiswahiliFeatures::terms` (the constants above, the threat and takasia negated):
/// material, front seed, front hole, mobile hole, store seed, functional nyumba, owned
/// nyumba, my capture, their threat, takasia.
pub const KS_HAND_WEIGHTS: [i32; KS_TERMS] = [
    KS_MATERIAL,
    KS_FRONT_SEED,
    KS_FRONT_HOLE,
    KS_MOBILE_HOLE,
    KS_STORE_SEED,
    KS_NYUMBA_FUNCTIONAL,
    KS_NYUMBA_OWNED,
    KS_MY_CAPTURE,
    -KS_THEIR_THREAT,
    -KS_TAKASIA,
];

/// The weights the Bao la Kiswahili evaluation uses, one per term of
/// `KiswahiliFeatures::terms` (order as [`KS_HAND_WEIGHTS`]): tuned by
/// `bao tune --dir /work/runs/tune/ks1 --games 1500 --nodes 3000 --threads 1`
/// (81 282 self-play positions of 1 500 games, 25 min of self-play on a shared machine,
/// a 7.5 s fit; cross-entropy 0.527 with the hand weights at their best scale, 0.446
/// fitted). Note: the store-seed term's difference is 0 or 1 by the side to move in
/// namua, so its large weight is partly a tempo term.
pub const KS_WEIGHTS: [i32; KS_TERMS] = [100, -78, 21, 22, 248, 289, 346, 32, -16, 287];

/// The names of the Bao la Kiswahili terms, in the order of [`KS_WEIGHTS`].
pub const KS_TERM_NAMES: [&str; KS_TERMS] = [
    "material",
    "front-seed",
    "front-hole",
    "mobile-hole",
    "store-seed",
    "nyumba-functional",
    "nyumba-owned",
    "my-capture",
    "their-threat",
    "takasia",
];

// ---------------------------------------------------------------- Bao Kingulu

/// Per seed of the provisional score (G-R14: store + own unreserved pits + reserved pits).
pub const KG_SCORE: i32 = 100;
/// Per pit a side has reserved (kuweka mtoto, G-R9): every later seed sown into it is
/// banked for the reserver (G-R6).
pub const KG_RESERVED_PIT: i32 = 90;
/// Per opponent pit holding exactly 3 seeds, for the side to move (a kuweka target, G-R6c).
pub const KG_TARGET: i32 = 35;
/// Per own unreserved pit holding exactly 3 seeds, against the side to move (the opponent's
/// kuweka target next turn).
pub const KG_VULNERABLE: i32 = 20;
/// Per playable pit whose first lap is not blocked by G-R7 (mobility: no legal move ends
/// the game, G-R12).
pub const KG_MOBILITY: i32 = 25;
/// Per candidate pit (G-R1) blocked by the first-lap restriction (G-R7).
pub const KG_BLOCKED: i32 = 10;

/// The number of terms of the Bao Kingulu evaluation (`KinguluFeatures::terms`).
pub const KG_TERMS: usize = 6;

/// The hand-written weights of the Bao Kingulu evaluation, one per term of
/// `KinguluFeatures::terms` (the constants above, vulnerable and blocked negated):
/// score, reserved pit, target, vulnerable, mobility, blocked.
pub const KG_HAND_WEIGHTS: [i32; KG_TERMS] = [
    KG_SCORE,
    KG_RESERVED_PIT,
    KG_TARGET,
    -KG_VULNERABLE,
    KG_MOBILITY,
    -KG_BLOCKED,
];

/// The weights the Bao Kingulu evaluation uses, one per term of `KinguluFeatures::terms`
/// (order as [`KG_HAND_WEIGHTS`]): tuned by `bao tune --game kingulu --dir
/// /work/runs/kgtune/kg2 --games 20000 --nodes 3000 --random-plies 10 --threads 1`
/// (239 178 self-play positions of 20 000 games, 10 397 of them distinct; 80 s of
/// self-play, a 4.9 s fit; cross-entropy 0.2356 with the hand weights at their best
/// scale, 0.2131 fitted).
pub const KG_WEIGHTS: [i32; KG_TERMS] = [100, 456, 158, -73, -48, -154];

/// The names of the Bao Kingulu terms, in the order of [`KG_WEIGHTS`].
pub const KG_TERM_NAMES: [&str; KG_TERMS] = [
    "score",
    "reserved-pit",
    "target",
    "vulnerable",
    "mobility",
    "blocked",
];

// ---------------------------------------------------------------- Search

/// Late move reductions: the smallest remaining depth at which a late move is searched
/// one ply shallower first (a null window; a move that beats alpha is searched again at
/// the full depth).
pub const LMR_MIN_DEPTH: u32 = 3;
/// Late move reductions: moves from this index on (0-based, in search order) are reduced.
pub const LMR_MIN_MOVE: usize = 3;
/// Late move reductions: moves from this index on are reduced by two plies where the
/// remaining depth is at least `LMR_MIN_DEPTH + 2`.
pub const LMR_LATE_MOVE: usize = 8;

/// MCTS: plies of a random playout before it is scored by the evaluation.
pub const MCTS_PLAYOUT_PLIES: u32 = 24;
/// MCTS: the UCT exploration constant (values are in 0..1).
pub const MCTS_EXPLORATION: f64 = 0.7;
/// MCTS: centi-seeds that map to a win probability of 1/(1+e^-1) ≈ 0.73 in playout scoring.
pub const MCTS_EVAL_SCALE: f64 = 400.0;
