//! What a user reads: exact lines of `bao play --plain` (saving, loading, North's
//! orientation, the end screen, unsaved moves at the end of the input), `bao engine` and
//! the commands' argument checks (`match`, `analyze`, `serve` on a busy port).

mod common;
use common::{failure, run_in, stdout};

/// The lines of a `bao play --plain` transcript that are not board drawing.
fn messages(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            !l.starts_with("  ") && !l.trim().chars().all(|c| c.is_ascii_digit() || c == ' ')
        })
        .collect()
}

/// `lines` as `bao play` prints them: wrapped to 80 columns.
fn wrapped(lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|l| bao_cli::play::text::wrap(l, 80))
        .collect()
}

/// Whether `lines` hold the messages of `run` one after the other (each wrapped to 80
/// columns as printed).
fn contains_run(lines: &[&str], run: &[&str]) {
    let run = wrapped(run);
    assert!(
        lines.windows(run.len()).any(|w| w == run),
        "missing {run:#?} in\n{}",
        lines.join("\n")
    );
}

#[test]
fn save_never_replaces_a_file_and_quotes_names() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.py"), "print(1)\n").unwrap();
    let out = run_in(
        dir.path(),
        &[
            "play", "--plain", "--game", "kingulu", "--level", "1", "--seed", "1",
        ],
        b"A3\nsave x.py\nsave my game.bao\nsave my game.bao\nsave! my game.bao\nquit\n",
    );
    let text = stdout(&out);
    // A command to type is never split across lines.
    assert_eq!(
        messages(&text)
            .iter()
            .skip_while(|l| !l.starts_with("Not saved"))
            .copied()
            .collect::<Vec<_>>(),
        [
            "Not saved: x.py already exists. To replace it, type: save! x.py",
            "Saved the game to \"my game.bao\" (1 move). Continue it with:",
            "bao play --load \"my game.bao\"",
            "Not saved: \"my game.bao\" already exists. To replace it, type:",
            "save! \"my game.bao\"",
            "Saved the game to \"my game.bao\" (1 move). Continue it with:",
            "bao play --load \"my game.bao\"",
            "Bye.",
        ]
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("x.py")).unwrap(),
        "print(1)\n"
    );
    let record = std::fs::read_to_string(dir.path().join("my game.bao")).unwrap();
    assert!(
        record.contains("[South \"you\"]\n[North \"bao level 1\"]\n"),
        "{record}"
    );
}

#[test]
fn load_restores_north_and_the_level() {
    let dir = tempfile::tempdir().unwrap();
    // The human plays North at level 3; the computer (South) opens.
    let out = run_in(
        dir.path(),
        &[
            "play", "--plain", "--game", "kingulu", "--side", "north", "--level", "3", "--seed",
            "1",
        ],
        b"save g.bao\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("\nThe computer (South) plays "), "{text}");
    let saved_at = text
        .lines()
        .rfind(|l| l.starts_with("Position: "))
        .unwrap()
        .to_string();
    let record = std::fs::read_to_string(dir.path().join("g.bao")).unwrap();
    assert!(
        record.contains("[South \"bao level 3\"]\n[North \"you\"]\n"),
        "{record}"
    );
    let out = run_in(
        dir.path(),
        &["play", "--plain", "--load", "g.bao"],
        b"quit\n",
    );
    let text = stdout(&out);
    let lines = messages(&text);
    let expected = wrapped(&[
            "Loaded g.bao: 1 move.",
            "Restored from the record: you play North, the computer plays at level 3.",
            "Bao Kingulu: you play North, the computer plays South (level 3: greedy).",
            "You play North, at the top of the board: your right is the screen's left, so your pits a1-a6 run from right to left on the screen.",
    ]);
    assert_eq!(lines[..expected.len()], expected);
    assert!(!text.contains("The computer ("), "{text}");
    assert!(text.contains(&format!("\n{saved_at}\n")), "{text}");
    assert!(saved_at.ends_with("; North"), "{saved_at}");
    // An explicit --side wins over the record; the level is still restored.
    let out = run_in(
        dir.path(),
        &["play", "--plain", "--load", "g.bao", "--side", "south"],
        b"quit\n",
    );
    let text = stdout(&out);
    let lines = messages(&text);
    let expected = wrapped(&[
        "Loaded g.bao: 1 move.",
        "Restored from the record: the computer plays at level 3.",
        "Bao Kingulu: you play South, the computer plays North (level 3: greedy).",
    ]);
    assert_eq!(lines[..expected.len()], expected);
    assert!(text.contains("\nThe computer (North) plays "), "{text}");
}

#[test]
fn escape_codes_in_input_are_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &[
            "play", "--plain", "--game", "kingulu", "--level", "1", "--seed", "1",
        ],
        b"\x1b[A\x1b[B\nA\x1b[D3\x1bOA\nquit\n",
    );
    let text = stdout(&out);
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(!text.contains("Cannot play"), "{text}");
    assert!(!text.contains("Unknown command"), "{text}");
    assert!(text.contains("\nYou (South) play A3\n"), "{text}");
}

#[test]
fn north_is_told_plainly_which_way_the_moves_go() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &[
            "play", "--plain", "--side", "north", "--level", "1", "--seed", "1",
        ],
        b"help\nquit\n",
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let intro = wrapped(&["Bao la Kiswahili: you play North, the computer plays South (level 1: greedy, misses 50% of captures)."]);
    assert_eq!(lines[..intro.len()], intro);
    assert_eq!(
        lines[intro.len()..intro.len() + 2],
        wrapped(&["You play North, at the top of the board: your right is the screen's left, so a6> sows leftwards on the screen and a6< rightwards."])
    );
    contains_run(
        &lines,
        &[
            "Moves: a hole and a direction, as you see the board from your seat.",
            "  a6> sows from a6 towards your right, a6< towards your left.",
            "  You sit at the top, so your right is the screen's left: a6> sows leftwards on",
            "  the screen and a6< rightwards; your holes run right to left on the screen.",
        ],
    );
}

#[test]
fn end_of_piped_input_notes_unsaved_moves() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &[
            "play", "--plain", "--game", "kingulu", "--level", "1", "--seed", "1",
        ],
        b"A3\n",
    );
    let text = stdout(&out);
    assert!(
        text.ends_with("\nEnd of input: leaving the game (1 move not saved).\n"),
        "{text}"
    );
    // Nothing is written in plain mode.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn match_arguments_are_checked_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| run_in(d, args, b"");
    assert_eq!(
        failure(&run(&[
            "match",
            "--a",
            "1",
            "--b",
            "1",
            "--games",
            "4000000000"
        ])),
        "bao: error: --games 4000000000: give 1 to 1000000 games\n"
    );
    assert_eq!(
        failure(&run(&[
            "match",
            "--a",
            "1",
            "--b",
            "1",
            "--threads",
            "100000"
        ])),
        "bao: error: --threads 100000: give 1 to 256 threads\n"
    );
    assert_eq!(
        failure(&run(&["match", "--a", "ab:depth=1,hash=100000000", "--b", "1"])),
        "bao: error: --a: engine \"ab:depth=1,hash=100000000\": hash 100000000 MiB is out of range 1-4096\n"
    );
    assert_eq!(
        failure(&run(&["match", "--a", "ab:depth=0", "--b", "1"])),
        "bao: error: --a: engine \"ab:depth=0\": depth 0: the depth is in plies and must be at least 1\n"
    );
    let out = run(&[
        "match",
        "--a",
        "1",
        "--b",
        "1",
        "--records",
        "/nonexistent/x.bao",
    ]);
    assert_eq!(
        failure(&out),
        "bao: error: --records /nonexistent/x.bao: cannot create it: No such file or directory (os error 2)\n"
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "");
    std::fs::write(d.join("old games.bao"), "keep me").unwrap();
    assert_eq!(
        failure(&run(&["match", "--a", "1", "--b", "1", "--records", "old games.bao"])),
        "bao: error: --records \"old games.bao\": the file already exists (it is never replaced); remove it or choose another name\n"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("old games.bao")).unwrap(),
        "keep me"
    );
    // An odd number of games is rounded up, and said so first.
    let text = stdout(&run(&[
        "match",
        "--game",
        "kingulu",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "3",
        "--records",
        "new.bao",
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "3 games rounded up to 4: openings are played in pairs, sides swapped.",
            "kingulu match: A = random, B = random, 4 games",
        ]
    );
    assert_eq!(lines.last(), Some(&"records written to new.bao (4 games)"));
}

#[test]
fn the_end_screen_does_not_say_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let won = "2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 4 4 4 4 4 4 4 4 ; S=0 N=0 ; house S- N- ; North ; takasia -";
    let text = stdout(&run_in(
        dir.path(),
        &["play", "--plain", "--position", won],
        b"board\nmoves\nquit\n",
    ));
    assert!(!text.contains("to move"), "{text}");
    assert_eq!(
        text.matches("\nStage: mtaji. Game over: South (you) won.\n")
            .count(),
        2,
        "{text}"
    );
    assert!(
        text.ends_with("\nNo legal moves: the game is over.\nBye.\n"),
        "{text}"
    );
}

#[test]
fn depth_zero_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        failure(&run_in(dir.path(), &["analyze", "--depth", "0"], b"")),
        "bao: error: --depth 0: the depth is in plies and must be at least 1\n"
    );
    let out = stdout(&run_in(
        dir.path(),
        &["engine"],
        b"bestmove depth 0\nsetoption searcher mcts\nbestmove depth 3\n",
    ));
    assert_eq!(
        out,
        "err bestmove depth 0: the depth is in plies and must be at least 1\nok\nsearcher mcts\nok\nerr bestmove depth: the mcts searcher has no depth limit; give time or nodes\nok\n"
    );
}

#[test]
fn mcts_info_lines_are_not_repeated() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&run_in(
        dir.path(),
        &["engine"],
        b"setoption searcher mcts\nsetoption seed 1\nbestmove nodes 300\n",
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("info ")), "{out}");
    for pair in lines.windows(2) {
        assert_ne!(pair[0], pair[1], "{out}");
    }
    assert!(out.ends_with("ok\n"), "{out}");
}

#[test]
fn max_plies_adjudicates() {
    let dir = tempfile::tempdir().unwrap();
    // One ply: the human's A6> ends the game, before any move of the computer (whose
    // choice would depend on the engine's random stream).
    let text = stdout(&run_in(
        dir.path(),
        &[
            "play",
            "--plain",
            "--set",
            "max-plies=1",
            "--level",
            "1",
            "--seed",
            "1",
        ],
        b"A6>\nmoves\nhint\n",
    ));
    assert!(!text.contains("The computer ("), "{text}");
    let position = bao_cli::play::text::position_lines(
        "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -",
    )
    .join("\n");
    assert!(text.contains(&format!("\n{position}\n")), "{text}");
    contains_run(
        &messages(&text),
        &[
            "You (South) play A6>",
            "Seeds: South 32 (21 in store), North 32 (22 in store)",
            "Stage: namua. Game over: a draw. Last move: A6> by South.",
            "Position: 0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 /",
            "Game over: max-plies 1 reached: adjudicated by material, drawn 32–32. A draw.",
            "You can still 'undo', 'new', 'save FILE' or 'quit'.",
            "No legal moves: the game is over.",
            "The game is over: there is nothing to hint.",
            "End of input: leaving the game (1 move not saved).",
        ],
    );
    let out = stdout(&run_in(
        dir.path(),
        &["engine"],
        b"setoption rules.max-plies 1\nplay A6>\nbestmove depth 1\nplay a6>\n",
    ));
    assert_eq!(
        out,
        "rules.max-plies 1\nok\n\
         0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -\nresult draw adjudicated\nok\n\
         err bestmove: the game is over (result draw adjudicated)\nok\n\
         err play a6>: the game is over (result draw adjudicated)\nok\n"
    );
}

#[test]
fn engine_names_the_shape_of_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&run_in(dir.path(), &["engine"], b"play foo\n"));
    assert_eq!(
        out,
        "err play: move \"foo\": expected a hole like A6 and a direction < or > (e.g. A6>)\nok\n"
    );
}

#[test]
fn small_things() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = stdout(&run_in(
        d,
        &[
            "play", "--plain", "--game", "kingulu", "--level", "1", "--seed", "1",
        ],
        b"A3\nundo 2\nundo x\nhint 5\nmoves all\nundo 1\nsave g.bao\nquit\n",
    ));
    contains_run(
        &messages(&text),
        &[
            "undo 2: you have played only 1 move.",
            "undo: \"x\" is not a number of your moves (undo, or undo N with N ≥ 1).",
            "hint takes nothing after it (got \"5\"); type 'help' for the commands.",
            "moves takes nothing after it (got \"all\"); type 'help' for the commands.",
            "Took back 2 plies: A3 a3.",
        ],
    );
    assert!(
        text.contains("\nSaved the game to g.bao (0 moves)."),
        "{text}"
    );
    assert_eq!(
        failure(&run_in(
            d,
            &["play", "--load", "g.bao", "--number", "0"],
            b""
        )),
        "bao: error: --number 0: games are numbered from 1\n"
    );
    let err = failure(&run_in(
        d,
        &[
            "play",
            "--position",
            "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
        ],
        b"",
    ));
    assert!(
        err.ends_with(" (this looks like a Bao Kingulu position: add --game kingulu)\n"),
        "{err}"
    );
    // Long input is cut in messages.
    let long = "x".repeat(100);
    let text = stdout(&run_in(
        d,
        &["play", "--plain", "--game", "kingulu"],
        format!("{long}\n").as_bytes(),
    ));
    assert!(
        text.contains(&format!("Unknown command \"{}…\".", "x".repeat(60))),
        "{text}"
    );
}

#[test]
fn serve_on_a_busy_port_says_nothing_before_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let out = run_in(dir.path(), &["serve", "--port", &port], b"");
    let err = failure(&out);
    assert!(
        err.starts_with(&format!(
            "bao: error: port {port} on 127.0.0.1 is already in use (another bao serve?); choose another with --port"
        )),
        "{err}"
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "");
}
