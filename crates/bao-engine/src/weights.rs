//! Evaluation weights of both games, in one place. Units: centi-seeds (100 = one seed).
