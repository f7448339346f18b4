//! Playing strength for every [`bao_rules::Game`]: alpha-beta and MCTS search,
//! evaluation, transposition table, levels and the match runner. STUB: being built.
#![deny(missing_docs)]
