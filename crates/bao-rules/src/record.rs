//! Game records (notation.md §4): a PGN-like text with tags and numbered moves.
//! STUB: being built.
