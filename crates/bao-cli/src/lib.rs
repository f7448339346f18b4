//! The library behind the `bao` command: the terminal game (`play`, `replay`), the engine
//! protocol (`engine`), the board drawing and the helpers the subcommands share. The
//! binary (`src/main.rs`) parses the command line and calls into these modules; fuzz
//! targets and tests drive them directly. See `docs/cli.md`.
#![deny(missing_docs)]

pub mod board;
pub mod book;
pub mod common;
pub mod help;
pub mod i18n;
pub mod matching;
pub mod phrases;
pub mod play;
pub mod protocol;
pub mod puzzle;
pub mod report;
pub mod solve;
pub mod tournament;
pub mod train;
pub mod tune;
