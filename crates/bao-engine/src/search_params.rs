//! The alpha-beta search's pruning and reduction settings ([`SearchParams`]): what the
//! levels use, and the knobs `bao match` specifications set to measure a change
//! (`ab:...,rfp=2,fut=120`; docs/engine.md "Alpha-beta").

use crate::weights::{LMR_LATE_MOVE, LMR_MIN_DEPTH, LMR_MIN_MOVE};

/// How the alpha-beta search prunes and reduces, in plies and centi-seeds. Every field's
/// "off" value (`0`) turns its technique off; [`SearchParams::default`] is what every
/// level plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Reverse futility pruning: at a node off the principal variation with at most this
    /// many plies to go (0 = never), whose static value minus `rfp_margin` per ply to go
    /// is still at least beta, the node returns its static value without searching.
    pub rfp_depth: u32,
    /// Reverse futility pruning's margin, centi-seeds per ply to go.
    pub rfp_margin: i32,
    /// Futility pruning: at a node off the principal variation with at most this many
    /// plies to go (0 = never), a move after the first whose child's static value plus
    /// `futility_margin` per ply to go cannot reach alpha is not searched.
    pub futility_depth: u32,
    /// Futility pruning's margin, centi-seeds per ply to go.
    pub futility_margin: i32,
    /// Late move reductions by a formula: `0` keeps the step rule of `crate::weights`
    /// (1 ply from the `LMR_MIN_MOVE`-th move, 2 from the `LMR_LATE_MOVE`-th); otherwise
    /// the reduction is `lmr_base/100 + ln(depth)·ln(n+1)·100/lmr_div`, rounded down, at
    /// most depth − 2.
    pub lmr_div: u32,
    /// The formula's constant term (hundredths of a ply).
    pub lmr_base: u32,
    /// Aspiration windows at the root: from depth 4 on, an iteration first searches
    /// within ± this many centi-seeds of the last iteration's value (0 = a full window);
    /// a result outside is searched again with the window widened on that side.
    pub aspiration: i32,
    /// Null-move pruning: at a node off the principal variation with at least this many
    /// plies to go (0 = never), met for the first time on the path, not right after
    /// another null move, whose static value is at least beta, the opponent moves twice
    /// (the side to move passes: `Evaluate::null_child`) in a null-window search
    /// `nmp_reduction` plies shallower; if that still reaches beta, the node returns it.
    pub nmp_depth: u32,
    /// Null-move pruning's depth reduction, plies (besides the pass's own ply).
    pub nmp_reduction: u32,
    /// Late move pruning: at a node off the principal variation with at most this many
    /// plies to go (0 = never), the moves from the `lmp_moves · depth`-th on (0-based, in
    /// search order) are not searched.
    pub lmp_depth: u32,
    /// Late move pruning's move count per ply to go.
    pub lmp_moves: u32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::CLASSIC
    }
}

impl SearchParams {
    /// No pruning beyond alpha-beta's, the step rule's reductions, a full window: the
    /// search of commit b886c6f.
    pub const CLASSIC: SearchParams = SearchParams {
        rfp_depth: 0,
        rfp_margin: 150,
        futility_depth: 0,
        futility_margin: 200,
        lmr_div: 0,
        lmr_base: 50,
        aspiration: 0,
        nmp_depth: 0,
        nmp_reduction: 2,
        lmp_depth: 0,
        lmp_moves: 6,
    };

    /// The time-limited levels' search (Bao la Kiswahili's levels 8–10): reverse
    /// futility and futility pruning in the last two plies, late move reductions by the
    /// formula `0.5 + ln(depth)·ln(n+1)/2`, a full window at the root (an aspiration
    /// window of ±50 lost in a match: docs/engine.md "Search changes").
    pub const STRONG: SearchParams = SearchParams {
        rfp_depth: 2,
        rfp_margin: 150,
        futility_depth: 2,
        futility_margin: 200,
        lmr_div: 200,
        lmr_base: 50,
        aspiration: 0,
        nmp_depth: 0,
        nmp_reduction: 2,
        lmp_depth: 0,
        lmp_moves: 6,
    };

    /// Sets a parameter by its specification key (`rfp`, `rfpm`, `fut`, `futm`, `lmrd`,
    /// `lmrb`, `asp`, `nmp`, `nmpr`, `lmp`, `lmpn`); `Err` names what was wrong.
    pub fn set(&mut self, key: &str, value: i64) -> Result<(), String> {
        let plies = |v: i64| -> Result<u32, String> {
            u32::try_from(v)
                .ok()
                .filter(|&d| d <= 16)
                .ok_or_else(|| format!("{key} {v} is out of range 0-16 plies"))
        };
        let cp = |v: i64| -> Result<i32, String> {
            i32::try_from(v)
                .ok()
                .filter(|&m| (0..=10_000).contains(&m))
                .ok_or_else(|| format!("{key} {v} is out of range 0-10000 centi-seeds"))
        };
        let hundredths = |v: i64| -> Result<u32, String> {
            u32::try_from(v)
                .ok()
                .filter(|&m| m <= 10_000)
                .ok_or_else(|| format!("{key} {v} is out of range 0-10000 (hundredths)"))
        };
        match key {
            "rfp" => self.rfp_depth = plies(value)?,
            "rfpm" => self.rfp_margin = cp(value)?,
            "fut" => self.futility_depth = plies(value)?,
            "futm" => self.futility_margin = cp(value)?,
            "lmrd" => self.lmr_div = hundredths(value)?,
            "lmrb" => self.lmr_base = hundredths(value)?,
            "asp" => self.aspiration = cp(value)?,
            "nmp" => self.nmp_depth = plies(value)?,
            "nmpr" => self.nmp_reduction = plies(value)?,
            "lmp" => self.lmp_depth = plies(value)?,
            "lmpn" => self.lmp_moves = plies(value)?,
            _ => return Err(format!("unknown search parameter {key:?}")),
        }
        Ok(())
    }

    /// The keys [`SearchParams::set`] takes.
    pub const KEYS: [&'static str; 11] = [
        "rfp", "rfpm", "fut", "futm", "lmrd", "lmrb", "asp", "nmp", "nmpr", "lmp", "lmpn",
    ];

    /// The depth reduction of the `n`-th move (0-based, in search order) of a node
    /// searched to `depth`: none on the principal variation, for the first moves or near
    /// the leaves.
    #[inline]
    pub(crate) fn lmr_reduction(&self, depth: u32, n: usize, pv_node: bool) -> u32 {
        if pv_node || depth < LMR_MIN_DEPTH || n < LMR_MIN_MOVE {
            return 0;
        }
        if self.lmr_div == 0 {
            return if n >= LMR_LATE_MOVE && depth >= LMR_MIN_DEPTH + 2 {
                2
            } else {
                1
            };
        }
        let r = self.lmr_base as f64 / 100.0
            + (depth as f64).ln() * ((n + 1) as f64).ln() * 100.0 / self.lmr_div as f64;
        (r.max(1.0) as u32).min(depth - 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_rule_is_the_default() {
        let p = SearchParams::default();
        assert_eq!(p.lmr_reduction(2, 10, false), 0);
        assert_eq!(p.lmr_reduction(3, 2, false), 0);
        assert_eq!(p.lmr_reduction(3, 3, false), 1);
        assert_eq!(p.lmr_reduction(4, 8, false), 1);
        assert_eq!(p.lmr_reduction(5, 8, false), 2);
        assert_eq!(p.lmr_reduction(9, 20, true), 0);
    }

    #[test]
    fn the_formula_grows_with_depth_and_move_number() {
        let mut p = SearchParams::default();
        p.set("lmrd", 200).unwrap();
        p.set("lmrb", 50).unwrap();
        // 0.5 + ln(3)·ln(4)/2 = 1.26 → 1; 0.5 + ln(10)·ln(21)/2 = 4.0 → 4 (≤ 8).
        assert_eq!(p.lmr_reduction(3, 3, false), 1);
        assert_eq!(p.lmr_reduction(10, 20, false), 4);
        // At most depth − 2: the reduced search keeps one ply.
        assert_eq!(p.lmr_reduction(4, 60, false), 2);
        assert_eq!(p.lmr_reduction(10, 20, true), 0);
    }

    #[test]
    fn bad_values_are_refused_with_their_key() {
        let mut p = SearchParams::default();
        assert_eq!(
            p.set("rfp", 17).unwrap_err(),
            "rfp 17 is out of range 0-16 plies"
        );
        assert_eq!(
            p.set("asp", -1).unwrap_err(),
            "asp -1 is out of range 0-10000 centi-seeds"
        );
        assert_eq!(
            p.set("null", 1).unwrap_err(),
            "unknown search parameter \"null\""
        );
        assert_eq!(
            p.set("nmpr", 17).unwrap_err(),
            "nmpr 17 is out of range 0-16 plies"
        );
        assert_eq!(
            p.set("lmrd", 10_001).unwrap_err(),
            "lmrd 10001 is out of range 0-10000 (hundredths)"
        );
        p.set("fut", 2).unwrap();
        p.set("futm", 90).unwrap();
        assert_eq!((p.futility_depth, p.futility_margin), (2, 90));
        p.set("nmp", 4).unwrap();
        p.set("nmpr", 3).unwrap();
        p.set("lmp", 2).unwrap();
        p.set("lmpn", 5).unwrap();
        assert_eq!(
            (p.nmp_depth, p.nmp_reduction, p.lmp_depth, p.lmp_moves),
            (4, 3, 2, 5)
        );
    }
}
