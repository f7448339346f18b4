//! Every fuzz target body over its committed seed corpus (`fuzz/seeds/<target>/`), then a
//! short deterministic mutation run of each, on stable Rust: the regression test of the
//! fuzz targets (`cargo test --manifest-path fuzz/Cargo.toml`, run by `.ci/run`).

use bao_fuzz::mutate::{mutate, Rng};
use bao_fuzz::{corpus, TARGETS};
use bao_rules::kingulu::{Kingulu, Rules as KinguluRules};
use bao_rules::kiswahili::{Kiswahili, Rules as KiswahiliRules};
use bao_rules::record::{split_records, GameRecord};
use bao_rules::{Game, RuleSet};

/// Runs a target over its seeds; returns the plies (or record moves) of each, by file.
fn run_seeds(target: &str) -> Vec<(String, usize)> {
    let body = TARGETS.iter().find(|t| t.0 == target).expect("a target").1;
    let seeds = corpus::seeds(target).expect("the target's seed folder");
    assert!(seeds.len() >= 5, "{target}: only {} seeds", seeds.len());
    seeds
        .into_iter()
        .map(|(name, bytes)| {
            let plies = body(&bytes);
            (name, plies)
        })
        .collect()
}

#[test]
fn every_target_has_a_seed_folder_and_a_libfuzzer_entry() {
    for (name, _) in TARGETS {
        let entry = corpus::root()
            .join("fuzz_targets")
            .join(format!("{name}.rs"));
        let text = std::fs::read_to_string(&entry).expect("fuzz_targets/<name>.rs");
        assert!(
            text.contains(&format!("bao_fuzz::{name}::run(data)")),
            "{name}"
        );
        assert!(corpus::dict_path(name).exists(), "{name}: no dictionary");
        assert!(!corpus::dict(name).is_empty(), "{name}: empty dictionary");
    }
}

#[test]
fn position_seeds_all_parse() {
    for (name, bytes) in corpus::seeds("kiswahili_position").unwrap() {
        let text = String::from_utf8(bytes).unwrap();
        assert!(
            Kiswahili::from_text(&text, &KiswahiliRules::default()).is_ok(),
            "{name}: {text}"
        );
    }
    for (name, bytes) in corpus::seeds("kingulu_position").unwrap() {
        let text = String::from_utf8(bytes).unwrap();
        assert!(
            Kingulu::from_text(&text, &KinguluRules::default()).is_ok(),
            "{name}: {text}"
        );
    }
    assert!(run_seeds("kiswahili_position").len() >= 30);
    assert!(run_seeds("kingulu_position").len() >= 30);
}

#[test]
fn move_seeds_run() {
    assert!(run_seeds("kiswahili_move").len() >= 20);
    assert!(run_seeds("kingulu_move").len() >= 15);
}

/// The play targets' seeds reach games of 100 plies and more.
#[test]
fn play_seeds_reach_long_games() {
    // Bao Kingulu games are short (22 plies on average, at most 60 in random play with the
    // default options, bao-kingulu.md §8); with lap-cap:1 and lift-first-lap-rule they
    // last longer.
    for (target, long_games) in [("kiswahili_play", 4), ("kingulu_play", 2)] {
        let plies = run_seeds(target);
        let long = plies.iter().filter(|(_, p)| *p >= 100).count();
        assert!(long >= long_games, "{target}: {plies:?}");
    }
}

/// Every record seed not named `bad-*` reads as a record of its game; the `bad-*` ones do
/// not; together they hold long games of both games.
#[test]
fn record_seeds_read() {
    let mut longest = [0usize; 2];
    for (name, bytes) in corpus::seeds("record").unwrap() {
        let text = String::from_utf8(bytes).unwrap();
        for piece in split_records(&text) {
            let kiswahili = GameRecord::<Kiswahili>::from_text(piece);
            let kingulu = GameRecord::<Kingulu>::from_text(piece);
            let read = match (&kiswahili, &kingulu) {
                (Ok(r), _) => Some((0, r.moves.len())),
                (_, Ok(r)) => Some((1, r.moves.len())),
                _ => None,
            };
            if name.starts_with("bad-") {
                assert_eq!(read, None, "{name}");
            } else {
                let (game, moves) = read.unwrap_or_else(|| panic!("{name}: {kingulu:?}"));
                longest[game] = longest[game].max(moves);
            }
        }
    }
    assert!(longest[0] >= 100 && longest[1] >= 30, "{longest:?}");
    assert!(run_seeds("record").len() >= 10);
}

/// The rule-options seeds name every option of both games, and some play 100+ plies.
#[test]
fn option_seeds_cover_every_option() {
    let seeds = corpus::seeds("rule_options").unwrap();
    let text_of = |bytes: &[u8]| {
        let end = bytes[1..]
            .iter()
            .position(|&b| b == 0)
            .map_or(bytes.len(), |i| i + 1);
        String::from_utf8_lossy(&bytes[1..end]).to_ascii_lowercase()
    };
    for (game, names) in [
        (0u8, KiswahiliRules::default().options()),
        (1u8, KinguluRules::default().options()),
    ] {
        for (option, _) in names {
            assert!(
                seeds
                    .iter()
                    .any(|(_, b)| b[0] & 1 == game && text_of(b).contains(&format!("{option}="))),
                "no seed sets {option} (game {game})"
            );
        }
    }
    let plies = run_seeds("rule_options");
    assert!(
        plies.iter().filter(|(_, p)| *p >= 100).count() >= 3,
        "{plies:?}"
    );
    // max-plies=150 (the last value of its line set) stops that game at 150 plies.
    let max = plies
        .iter()
        .find(|(n, _)| n == "kiswahili-max-plies")
        .expect("the max-plies seed");
    assert_eq!(max.1, 150);
}

/// A short deterministic mutation run of every target: no input panics.
#[test]
fn mutated_seeds_do_not_panic() {
    for (name, body) in TARGETS {
        let seeds: Vec<Vec<u8>> = corpus::seeds(name)
            .unwrap()
            .into_iter()
            .map(|(_, b)| b)
            .collect();
        let dict = corpus::dict(name);
        let mut rng = Rng::new(2026);
        for i in 0..150 {
            let input = mutate(&mut rng, &seeds, &dict, 4096);
            let result = std::panic::catch_unwind(|| body(&input));
            assert!(
                result.is_ok(),
                "{name}: mutated input {i} panicked: {input:?}"
            );
        }
    }
}

/// The two targets that drive the `bao` command: every engine-protocol seed is handled to
/// its last line (48 at most), and the `bao play` seeds cover both games, moves, commands
/// and refused input.
#[test]
fn command_seeds_run() {
    for (name, bytes) in corpus::seeds("engine_protocol").unwrap() {
        let lines = String::from_utf8_lossy(&bytes).split('\n').count().min(48);
        let handled = bao_fuzz::engine_protocol::run(&bytes);
        // `quit` ends the input early; a seed without it is handled to the end.
        let quits = String::from_utf8_lossy(&bytes)
            .lines()
            .any(|l| l.trim().eq_ignore_ascii_case("quit"));
        assert!(
            handled == lines || quits && handled < lines,
            "{name}: {handled} of {lines} lines"
        );
    }
    let seeds = run_seeds("play_commands");
    let names: Vec<&str> = seeds.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "kingulu_errors",
            "kingulu_long",
            "kingulu_moves",
            "kiswahili_errors",
            "kiswahili_long",
            "kiswahili_moves"
        ]
    );
    assert!(seeds.iter().all(|(_, lines)| *lines >= 9), "{seeds:?}");
}
