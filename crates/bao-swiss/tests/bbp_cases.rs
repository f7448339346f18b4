//! The engine pairs exactly as bbpPairings v5.0.1 on the cases of `tests/data/bbp`
//! (see its README.md for how they were made).

use std::path::Path;

fn ours(trf: &str) -> String {
    let t = bao_swiss::trf::read(trf).expect("a valid file");
    match bao_swiss::pair(&t) {
        Ok(round) => round.to_string(),
        Err(bao_swiss::PairError::NoLegalPairing) => "exit 1\n".to_string(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn every_case_is_paired_as_bbp_pairings_pairs_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bbp");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 32, "the cases of tests/data/bbp");
    let mut failed = Vec::new();
    for trf in &names {
        let want = std::fs::read_to_string(trf.with_extension("out")).unwrap();
        let got = ours(&std::fs::read_to_string(trf).unwrap());
        if got != want {
            failed.push(format!("{}:\nbbp:\n{want}ours:\n{got}", trf.display()));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_no_legal_pairing_case_is_one() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bbp");
    let want = std::fs::read_to_string(dir.join("case31.out")).unwrap();
    assert_eq!(want, "exit 1\n");
    assert_eq!(
        ours(&std::fs::read_to_string(dir.join("case31.trf")).unwrap()),
        want
    );
}

/// bbpPairings' tournaments break no absolute criterion, and their standings compute.
#[test]
fn every_case_checks_clean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bbp");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "trf") {
            continue;
        }
        let t = bao_swiss::trf::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(
            bao_swiss::check::check(&t).unwrap(),
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
