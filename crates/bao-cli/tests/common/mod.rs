//! Running the `bao` binary as a user would, for the integration tests that need it.
#![allow(dead_code)] // each test file uses its own subset

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The `bao` binary cargo built for these tests.
pub const BAO: &str = env!("CARGO_BIN_EXE_bao");

/// Runs `bao ARGS` with no input.
pub fn run(args: &[&str]) -> Output {
    Command::new(BAO)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `bao ARGS` in `dir` with `input` on stdin.
pub fn run_in(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BAO)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// The standard output of a run that succeeded.
pub fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The standard error of a run that failed with exit code 1.
pub fn failure(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    String::from_utf8(out.stderr.clone()).unwrap()
}

pub mod server;

/// What is left of `text` outside the pseudo-locale's ⟦ ⟧ (nested ones included).
pub fn unmarked(text: &str) -> String {
    let mut depth = 0usize;
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '⟦' => depth += 1,
            '⟧' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}
