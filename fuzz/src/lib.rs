//! The bodies of the bao fuzz targets, as plain functions over bytes.
//!
//! Each module is one target: `run(data)` checks the properties its docs name and panics
//! (an assertion) when one fails. The files in `fuzz_targets/` hand these bodies to
//! libFuzzer (`cargo +nightly fuzz run <target>`); `tests/seeds.rs` runs every body over
//! the committed seed corpus `seeds/<target>/` on stable Rust, and `examples/drive.rs` is
//! a bounded stable driver that feeds mutated inputs through a body and reports exec/s
//! (see `fuzz/README.md`).
//!
//! Every body does bounded work per input: games stop after [`MAX_PLIES`] plies, the
//! rule-options target caps the never-ending guard and the lap cap ([`LAP_CAP`]), and the
//! two targets that drive the `bao` command through its library (`engine_protocol`,
//! `play_commands`) bound their lines and searches (their module docs).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod choices;
pub mod corpus;
pub mod engine_protocol;
pub mod kingulu_move;
pub mod kingulu_play;
pub mod kingulu_position;
pub mod kiswahili_move;
pub mod kiswahili_play;
pub mod kiswahili_position;
pub mod mutate;
pub mod play_commands;
pub mod record;
pub mod rule_options;

/// The longest game a play target plays from one input, in plies (moves of one side).
pub const MAX_PLIES: usize = 300;

/// The largest never-ending guard (Bao la Kiswahili, K-R13.3) and Kingulu lap cap
/// (`non-terminating lap-cap:N`, G-R13) the rule-options target lets an input set, in
/// laps: a larger value is lowered to this one so that one input cannot run for minutes.
pub const LAP_CAP: u32 = 5_000;

/// A fuzz target's body: checks the properties for one input and returns the number of
/// plies it played (0 for the parser targets).
pub type Body = fn(&[u8]) -> usize;

/// Every target as `(name, body)`; the name is the `fuzz_targets/<name>.rs` file and the
/// `seeds/<name>/` folder.
pub const TARGETS: [(&str, Body); 10] = [
    ("kiswahili_position", kiswahili_position::run),
    ("kiswahili_move", kiswahili_move::run),
    ("kiswahili_play", kiswahili_play::run),
    ("kingulu_position", kingulu_position::run),
    ("kingulu_move", kingulu_move::run),
    ("kingulu_play", kingulu_play::run),
    ("record", record::run),
    ("rule_options", rule_options::run),
    ("engine_protocol", engine_protocol::run),
    ("play_commands", play_commands::run),
];
