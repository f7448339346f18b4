//! Writes the generated part of the seed corpora into `fuzz/seeds/` (the position seeds are
//! the worked cases of the rules crate's test data, copied by hand; see fuzz/README.md):
//! move texts of the move targets' positions, play inputs that reach long games, game
//! records of both games, and one rule-options input per option.
//!
//! `cargo run --release --example make_seeds` (deterministic: the same files every run).

use bao_fuzz::mutate::Rng;
use bao_fuzz::{kingulu_move, kiswahili_move};
use bao_rules::kingulu::{Kingulu, Rules as KinguluRules};
use bao_rules::kiswahili::{Kiswahili, Rules as KiswahiliRules};
use bao_rules::record::GameRecord;
use bao_rules::{EndReason, Game, Outcome, RuleSet, Side};
use std::path::{Path, PathBuf};

fn dir(target: &str) -> PathBuf {
    let d = bao_fuzz::corpus::root().join("seeds").join(target);
    std::fs::create_dir_all(&d).expect("create the seeds folder");
    d
}

fn write(d: &Path, name: &str, bytes: &[u8]) {
    std::fs::write(d.join(name), bytes).expect("write a seed");
}

/// A move text as a file name: `<` → `L`, `>` → `R`, `+` → `S`, others kept.
fn file_name(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '<' => 'L',
            '>' => 'R',
            '+' => 'S',
            '*' => 'T',
            '#' => 'W',
            '^' => 'K',
            c if c.is_ascii_alphanumeric() => c,
            _ => '_',
        })
        .collect()
}

fn moves_seeds() {
    let d = dir("kiswahili_move");
    let rules = KiswahiliRules::default();
    let mut positions = vec![("start", Kiswahili::start(&rules))];
    for (name, text) in ["t09", "t05"].iter().zip(kiswahili_move::POSITIONS) {
        positions.push((name, Kiswahili::from_text(text, &rules).expect("position")));
    }
    for (name, pos) in &positions {
        for mv in pos.moves() {
            let text = pos.move_text(mv);
            write(&d, &format!("{name}-{}", file_name(&text)), text.as_bytes());
        }
    }
    for text in ["A6>*", "A4>**", "A2>+#", "a6<", "B3<", "A9>", "A6", " A6> "] {
        write(
            &d,
            &format!("extra-{}", file_name(text.trim())),
            text.as_bytes(),
        );
    }

    let d = dir("kingulu_move");
    let rules = KinguluRules::default();
    for (i, text) in kingulu_move::POSITIONS.iter().enumerate() {
        let pos = Kingulu::from_text(text, &rules).expect("position");
        for mv in pos.moves() {
            let text = pos.move_text(mv);
            let mut bytes = vec![i as u8];
            bytes.extend_from_slice(text.as_bytes());
            write(&d, &format!("p{i}-{}", file_name(&text)), &bytes);
        }
    }
    for (i, text) in [(1u8, "A4x"), (0, "A5^"), (5, "a6#"), (0, "A1"), (2, "A7")] {
        let mut bytes = vec![i];
        bytes.extend_from_slice(text.as_bytes());
        write(&d, &format!("extra-p{i}-{}", file_name(text)), &bytes);
    }
}

/// Random choice bytes, or (`greedy`) Bao Kingulu choices that keep the most seeds on the
/// board (ties broken at random), which play longer games.
fn tail(rng: &mut Rng, greedy: Option<Kingulu>) -> Vec<u8> {
    let Some(mut pos) = greedy else {
        return (0..320).map(|_| rng.next_u64() as u8).collect();
    };
    let mut out = Vec::new();
    let mut kids = Vec::new();
    while out.len() < 320 {
        pos.children(&mut kids);
        if kids.is_empty() {
            break;
        }
        let board = |k: &Kingulu| k.pits().iter().map(|&c| u32::from(c)).sum::<u32>();
        let most = kids.iter().map(|k| board(&k.1)).max().expect("a child");
        let best: Vec<usize> = (0..kids.len())
            .filter(|&i| board(&kids[i].1) == most)
            .collect();
        let pick = best[rng.below(best.len())];
        out.push(pick as u8);
        pos = kids[pick].1;
    }
    out
}

/// Searches choice bytes after `prefix` (random, or greedy as [`tail`] says) until the
/// body plays at least `min_plies` (at most 3000 tries) and returns the longest input.
fn search(
    body: fn(&[u8]) -> usize,
    prefix: &[u8],
    greedy: Option<Kingulu>,
    min_plies: usize,
    rng: &mut Rng,
) -> (usize, Vec<u8>) {
    let mut best: Option<(usize, Vec<u8>)> = None;
    for _ in 0..3000 {
        let mut input = prefix.to_vec();
        input.extend(tail(rng, greedy));
        let plies = body(&input);
        if best.as_ref().is_none_or(|b| plies > b.0) {
            best = Some((plies, input));
        }
        if plies >= min_plies {
            break;
        }
    }
    best.expect("some input")
}

/// Writes one play input per header whose game lasts at least `min_plies` if the search
/// finds one (the longest found otherwise).
fn play_seeds(
    target: &str,
    body: fn(&[u8]) -> usize,
    heads: &[(&str, Vec<u8>, usize)],
    greedy: bool,
) {
    let d = dir(target);
    let mut rng = Rng::new(12);
    for (name, head, min_plies) in heads {
        let start = greedy.then(|| {
            let rules = bao_fuzz::kingulu_play::rules_of(head);
            bao_fuzz::kingulu_play::start(head, &rules).expect("a valid header")
        });
        let (plies, input) = search(body, head, start, *min_plies, &mut rng);
        println!("{target}/{name}: {plies} plies");
        write(&d, name, &input);
    }
}

fn kiswahili_head(options: u16, byte2: u8) -> Vec<u8> {
    let mut head = vec![0u8; 40];
    head[..2].copy_from_slice(&options.to_le_bytes());
    head[2] = byte2;
    for (i, b) in head[4..38].iter_mut().enumerate() {
        *b = (i * 37 % 11) as u8;
    }
    head
}

/// A header that deals a valid position with a takasia (K-R11), found by trying the
/// takasia hole and the weights in turn.
fn takasia_head() -> Vec<u8> {
    for k in 0..64u8 {
        let mut head = kiswahili_head(0, 0b0001_0000);
        head[3] = k % 8;
        for (i, b) in head[4..38].iter_mut().enumerate() {
            *b = ((i as u8).wrapping_mul(k + 3) % 9) + u8::from(i < 32);
        }
        let mut input = head.clone();
        input.push(0);
        if bao_fuzz::kiswahili_play::run(&input) > 0 {
            return head;
        }
    }
    panic!("no header with a takasia deals a valid position");
}

fn kingulu_head(byte0: u8, byte1: u8) -> Vec<u8> {
    let mut head = vec![byte0, byte1];
    head.extend((0..14).map(|i| (i * 5 % 7) as u8 + 1));
    head
}

fn record_of<G: Game>(start: G, rng: &mut Rng, plies: usize) -> GameRecord<G> {
    let mut record = GameRecord::new(start);
    let mut pos = record.start.clone();
    while record.moves.len() < plies {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos = pos.play(mv).expect("a legal move");
        record.moves.push(mv);
    }
    record
}

fn record_seeds() {
    let d = dir("record");
    let mut rng = Rng::new(3);
    // Finished games (the board decides), one per game.
    let mut r = record_of(Kiswahili::start(&KiswahiliRules::default()), &mut rng, 1000);
    while r.moves.len() < 100 {
        r = record_of(Kiswahili::start(&KiswahiliRules::default()), &mut rng, 1000);
    }
    r.south = "Ali".into();
    r.north = "bao level 5".into();
    r.date = "2026.11.29".into();
    println!("record/kiswahili-finished: {} moves", r.moves.len());
    write(&d, "kiswahili-finished.pgn", r.to_text().as_bytes());
    let mut r = record_of(Kingulu::start(&KinguluRules::default()), &mut rng, 1000);
    while r.moves.len() < 40 {
        r = record_of(Kingulu::start(&KinguluRules::default()), &mut rng, 1000);
    }
    println!("record/kingulu-finished: {} moves", r.moves.len());
    write(&d, "kingulu-finished.pgn", r.to_text().as_bytes());
    // Unfinished, resigned and adjudicated games, with option tags.
    let mut rules = KiswahiliRules::profile("de-voogt").expect("profile");
    rules.set_option("max-plies", "60").expect("option");
    rules.set_option("takasia", "off").expect("option");
    let mut r = record_of(Kiswahili::start(&rules), &mut rng, 60);
    // At 60 plies the game line adjudicates by material (K-R12.4): the record writes it.
    r.result = None;
    write(&d, "kiswahili-adjudicated.pgn", r.to_text().as_bytes());
    let mut r = record_of(Kiswahili::start(&KiswahiliRules::default()), &mut rng, 21);
    r.result = Some(Outcome {
        winner: Some(Side::South),
        reason: EndReason::Resignation,
    });
    write(&d, "kiswahili-resigned.pgn", r.to_text().as_bytes());
    let mut rules = KinguluRules::default();
    rules.set_option("first-player", "north").expect("option");
    rules
        .set_option("non-terminating", "lap-cap:3")
        .expect("option");
    let r = record_of(Kingulu::start(&rules), &mut rng, 15);
    let unfinished = r.to_text();
    write(
        &d,
        "kingulu-north-first-unfinished.pgn",
        unfinished.as_bytes(),
    );
    // A setup position (K-T9), a record as Notepad saves it (BOM, CRLF, comments, other
    // programs' tags), two records in one file, and records that must be refused.
    let setup = Kiswahili::from_text(kiswahili_move::POSITIONS[0], &KiswahiliRules::default())
        .expect("position");
    let r = record_of(setup, &mut rng, 6);
    write(&d, "kiswahili-setup.pgn", r.to_text().as_bytes());
    let notepad = format!(
        "\u{feff}[Event \"club night\"]\r\n{}",
        unfinished
            .replace('\n', "\r\n")
            .replace("\r\n\r\n", "\r\n\r\n{ opening }\r\n")
    );
    write(&d, "kingulu-notepad.pgn", notepad.as_bytes());
    let mut r = record_of(Kingulu::start(&KinguluRules::default()), &mut rng, 8);
    r.result = Some(Outcome {
        winner: Some(Side::North),
        reason: EndReason::OffBoard,
    });
    write(
        &d,
        "two-records.pgn",
        format!("{}\n{unfinished}", r.to_text()).as_bytes(),
    );
    write(
        &d,
        "bad-illegal-move.pgn",
        b"[Game \"kingulu\"]\n[Rules \"default\"]\n[Result \"*\"]\n\n1. A1 *\n",
    );
    write(
        &d,
        "bad-no-game-tag.pgn",
        b"[Rules \"default\"]\n[Result \"1-0\"]\n\n1. A6> 1-0\n",
    );
}

/// One rule-options input per option of each game (values from its word list and the
/// edges of its range), then choice bytes.
fn options_seeds() {
    let d = dir("rule_options");
    let mut rng = Rng::new(5);
    let kiswahili: [(&str, &str, usize); 17] = [
        ("first-player", "first-player=north", 100),
        ("namu-singleton", "namu-singleton=when-owned", 100),
        ("tax-dormant", "tax-dormant=on", 50),
        ("tax-only-when-sole", "tax-only-when-sole=off", 50),
        (
            "functional-threshold",
            "functional-threshold=9\nfunctional-threshold 65",
            50,
        ),
        (
            "functional-check",
            "functional-check=move-start-snapshot",
            50,
        ),
        ("namu-safari", "namu-safari=compulsory", 50),
        ("mtaji-nyumba", "mtaji-nyumba=persistent", 50),
        ("nyumba-loss", "nyumba-loss-first-mtaji-capture=any", 50),
        ("takasia", "profile=kiba\ntakasia=off", 50),
        ("takasia-singleton", "OPT-TAKASIA-SINGLETON=exempt", 50),
        ("takasia-nyumba", "takasia-nyumba=owned", 50),
        ("takasia-firstlap-nyumba", "takasia-firstlap-nyumba=off", 50),
        ("takasia-blocker", "takasia-blocker-must-capture=on", 50),
        ("never-ending-policy", "never-ending-policy=mover-loses", 50),
        (
            "never-ending-guard",
            "never-ending-guard=3\nnever-ending-guard=4294967295",
            50,
        ),
        (
            "max-plies",
            "max-plies=120\nmax-plies=0\nmax-plies=none\nmax-plies=150",
            150,
        ),
    ];
    let kingulu: [(&str, &str, usize); 8] = [
        ("first-player", "first-player=north", 30),
        ("skip-start-pit", "skip-start-pit=true", 30),
        (
            "lift-lap-cap-1",
            "all-moves-forbidden=lift-first-lap-rule\nnon-terminating=lap-cap:1",
            100,
        ),
        (
            "non-terminating",
            "non-terminating=lap-cap:4\nnon-terminating lap-cap:0",
            30,
        ),
        ("lap-cap-huge", "non-terminating=lap-cap:4294967295", 30),
        (
            "opposite-reserved",
            "opposite-reserved=capture-seed-only",
            30,
        ),
        (
            "singleton-kuweka",
            "singleton-kuweka=not-allowed\nbogus=1",
            30,
        ),
        ("repetition", "repetition=none", 30),
    ];
    let games = kiswahili
        .iter()
        .map(|s| (0u8, s))
        .chain(kingulu.iter().map(|s| (1u8, s)));
    for (game, (name, lines, min_plies)) in games {
        let mut prefix = vec![game];
        prefix.extend_from_slice(lines.as_bytes());
        prefix.push(0);
        let greedy = (game == 1).then(|| {
            let mut rules = KinguluRules::default();
            for line in lines.lines() {
                if let Some((k, v)) = line.split_once(['=', ' ']) {
                    let _ = rules.set_option(k, v);
                }
            }
            Kingulu::start(&rules)
        });
        let (plies, input) = search(
            bao_fuzz::rule_options::run,
            &prefix,
            greedy,
            *min_plies,
            &mut rng,
        );
        let file = format!("{}-{name}", if game == 0 { "kiswahili" } else { "kingulu" });
        println!("rule_options/{file}: {plies} plies");
        write(&d, &file, &input);
    }
    let (plies, input) = search(
        bao_fuzz::rule_options::run,
        b"\x00profile=de-voogt\0",
        None,
        100,
        &mut rng,
    );
    println!("rule_options/kiswahili-profile: {plies} plies");
    write(&d, "kiswahili-profile", &input);
}

fn main() {
    moves_seeds();
    play_seeds(
        "kiswahili_play",
        bao_fuzz::kiswahili_play::run,
        &[
            ("start-default", kiswahili_head(0, 32), 150),
            (
                "start-options",
                kiswahili_head(0b0000_1010_0101_0011, 32),
                150,
            ),
            ("start-mover-loses", kiswahili_head(1 << 10, 32), 100),
            (
                "start-blocker-must-capture",
                kiswahili_head(1 << 9, 32),
                100,
            ),
            ("dealt-stores-houses", kiswahili_head(0, 0b0000_0111), 100),
            ("dealt-takasia", takasia_head(), 30),
        ],
        false,
    );
    play_seeds(
        "kingulu_play",
        bao_fuzz::kingulu_play::run,
        &[
            ("start-default", kingulu_head(128, 0), 50),
            ("start-north-lapcap-3", kingulu_head(128 | 1 | 8, 2), 50),
            ("start-lapcap-1-lift", kingulu_head(128 | 4 | 8, 0), 100),
            (
                "start-lapcap-1-lift-skip",
                kingulu_head(128 | 2 | 4 | 8, 50),
                100,
            ),
            (
                "start-all-options",
                kingulu_head(128 | 2 | 4 | 8 | 16 | 32, 0),
                100,
            ),
            ("dealt-reserved", kingulu_head(0, 0xff), 30),
            ("dealt-north", kingulu_head(64 | 16, 0x49), 30),
        ],
        true,
    );
    record_seeds();
    options_seeds();
}
