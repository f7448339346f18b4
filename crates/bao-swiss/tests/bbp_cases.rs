//! The engine pairs exactly as bbpPairings on the saved cases: v5.0.1 under the 2017
//! rules (`tests/data/bbp`), v6.0.0 under the 2025 rules (`tests/data/bbp6`); see each
//! directory's README.md for how they were made.

use bao_swiss::Edition;
use std::path::{Path, PathBuf};

fn ours(trf: &str, edition: Edition) -> String {
    let t = bao_swiss::trf::read(trf).expect("a valid file");
    match bao_swiss::pair_with_edition(&t, edition) {
        Ok(round) => round.to_string(),
        Err(bao_swiss::PairError::NoLegalPairing) => "exit 1\n".to_string(),
        Err(e) => panic!("{e}"),
    }
}

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn files(name: &str) -> Vec<PathBuf> {
    let mut names: Vec<_> = std::fs::read_dir(dir(name))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    names.sort();
    names
}

/// Every case of `name` paired under `edition`, and the ones that differ from the file.
fn differences(name: &str, edition: Edition) -> Vec<String> {
    let mut failed = Vec::new();
    for trf in files(name) {
        let want = std::fs::read_to_string(trf.with_extension("out")).unwrap();
        let got = ours(&std::fs::read_to_string(&trf).unwrap(), edition);
        if got != want {
            failed.push(format!("{}:\nbbp:\n{want}ours:\n{got}", trf.display()));
        }
    }
    failed
}

#[test]
fn every_2017_case_is_paired_as_bbp_pairings_5_pairs_it() {
    assert_eq!(files("bbp").len(), 32, "the cases of tests/data/bbp");
    let failed = differences("bbp", Edition::Dutch2017);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn every_2025_case_is_paired_as_bbp_pairings_6_pairs_it() {
    assert_eq!(files("bbp6").len(), 54, "the cases of tests/data/bbp6");
    let failed = differences("bbp6", Edition::Dutch2025);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The editions differ: the 2017 rules pair 29 of the 54 2025 cases otherwise (the
/// ones bbpPairings v5 pairs otherwise than v6), the 2025 rules 6 of the 32 2017 cases
/// (as v6 does).
#[test]
fn the_editions_pair_differently() {
    assert_eq!(differences("bbp6", Edition::Dutch2017).len(), 29);
    assert_eq!(differences("bbp", Edition::Dutch2025).len(), 6);
}

/// bbpPairings' own 2025 test: [C5], the bye to the lowest score (player 6, 0 points,
/// rather than player 5 with 1 point, whom the 2017 rules chose).
#[test]
fn the_bye_goes_to_the_lowest_score_under_the_2025_rules() {
    let text = std::fs::read_to_string(dir("bbp6").join("bbp6-dutch_2025_C5.trf")).unwrap();
    assert_eq!(ours(&text, Edition::Dutch2025), "3\n1 5\n3 2\n6 0\n");
    assert_eq!(ours(&text, Edition::Dutch2017), "3\n1 3\n6 2\n5 0\n");
    // The default edition is 2025.
    let t = bao_swiss::trf::read(&text).unwrap();
    assert_eq!(
        bao_swiss::pair(&t).unwrap().to_string(),
        "3\n1 5\n3 2\n6 0\n"
    );
}

#[test]
fn the_no_legal_pairing_cases_are_one() {
    for (name, case, edition) in [
        ("bbp", "case31", Edition::Dutch2017),
        ("bbp6", "case32", Edition::Dutch2025),
    ] {
        let want = std::fs::read_to_string(dir(name).join(format!("{case}.out"))).unwrap();
        assert_eq!(want, "exit 1\n");
        let text = std::fs::read_to_string(dir(name).join(format!("{case}.trf"))).unwrap();
        assert_eq!(ours(&text, edition), want);
    }
}

/// bbpPairings' tournaments break no absolute criterion of their edition, and their
/// standings compute.
#[test]
fn every_case_checks_clean() {
    for (name, edition) in [("bbp", Edition::Dutch2017), ("bbp6", Edition::Dutch2025)] {
        for path in files(name) {
            let t = bao_swiss::trf::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(
                bao_swiss::check::check_with_edition(&t, edition).unwrap(),
                [],
                "{}",
                path.display()
            );
            let table =
                bao_swiss::tiebreak::standings(&t, &bao_swiss::tiebreak::TieBreak::SWISS).unwrap();
            assert_eq!(table.len(), t.players.len());
            assert!(table.windows(2).all(|w| w[0].points >= w[1].points));
        }
    }
}
