//! End to end (issue 29): `bao play` in Kiswahili through a pipe, a whole game of each
//! game, chosen by `--lang sw` or by `LANG=sw_TZ.UTF-8`; and the pseudo-locale `en-XA`,
//! whose every catalogue message is accented and in ⟦ ⟧, finds no text that bypasses the
//! catalogue.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

mod common;
use common::{unmarked, BAO};

/// A running `bao play` with its output read line by line on a thread.
struct Bao {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Bao {
    /// `bao play ARGS` with the locale variables cleared, then `env` set.
    fn start(args: &[&str], env: &[(&str, &str)]) -> Bao {
        let mut command = Command::new(BAO);
        command.arg("play").args(args);
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] {
            command.env_remove(name);
        }
        command.envs(env.iter().copied());
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("bao starts");
        let stdout = child.stdout.take().unwrap();
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Bao {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Reads lines until one starts with one of `prefixes`; returns it.
    fn wait_for(&mut self, prefixes: &[&str]) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(120)) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    if prefixes.iter().any(|p| line.starts_with(p)) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no line starting with {prefixes:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends `quit`, reads to the end and waits for the exit.
    fn finish(mut self) -> Vec<String> {
        self.send("quit");
        drop(self.stdin.take());
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(120)) {
            self.transcript.push(line);
        }
        assert!(self.child.wait().unwrap().success());
        self.transcript
    }
}

/// The words that mark a game's lines in one language: the `moves` answer, the one when
/// the game is over, the commands to try once (help, a malformed and an illegal entry,
/// hint, explain, undo).
struct Words {
    legal: &'static str,
    none: &'static str,
}

const SW: Words = Words {
    legal: "Hatua halali: ",
    none: "Hakuna hatua halali",
};

const PSEUDO: Words = Words {
    legal: "⟦Łéĝáł ḿóṽéš: ",
    none: "⟦Ñó łéĝáł ḿóṽéš",
};

/// Plays a whole game: the commands first, then always the first legal move, until the
/// game is over; then `quit`. Returns the transcript.
fn whole_game(args: &[&str], env: &[(&str, &str)], words: &Words, first: &[&str]) -> Vec<String> {
    let mut bao = Bao::start(args, env);
    for command in first {
        bao.send(command);
    }
    for _ in 0..500 {
        bao.send("moves");
        let line = bao.wait_for(&[words.legal, words.none]);
        match line.strip_prefix(words.legal) {
            Some(moves) => {
                let mv = moves.split_whitespace().next().unwrap();
                let mv = mv.trim_end_matches('⟧').to_string();
                bao.send(&mv);
            }
            None => return bao.finish(),
        }
    }
    panic!("the game did not end in 500 moves");
}

/// A position text's lines (notation, not words): `Mpangilio: 0 0 ... ; South ; ...` and
/// its continuation.
fn is_position(line: &str) -> bool {
    line.starts_with("Mpangilio: ")
        || line.starts_with("⟦Ƥóšíţíóñ⟧: ")
        || (line.starts_with("      ") && line.contains(" ; "))
}

/// English words that must not appear in a Kiswahili game (notation aside).
const ENGLISH: [&str; 18] = [
    "South", "North", "seed", "seeds", "Stage", "Type", "move", "the", "captures", "sows", "wins",
    "Lap", "Hint", "store", "you", "computer", "level", "and",
];

/// The commands a player types stay as typed (`'moves'`, `save FILE`, `bao play --load`).
const COMMANDS: [&str; 20] = [
    "on", "off", "moves", "help", "hint", "oracle", "explain", "undo", "save", "save!", "FILE",
    "board", "position", "level", "new", "quit", "tutor", "bao", "play", "--load",
];

fn assert_kiswahili(transcript: &[String]) {
    for full in transcript.iter().filter(|l| !is_position(l)) {
        let line: Vec<&str> = full
            .split(' ')
            .filter(|w| {
                let bare = w.trim_matches(|c: char| "'.,:;()[]".contains(c));
                !COMMANDS.contains(&bare)
            })
            .collect();
        let line = line.join(" ");
        let words: Vec<&str> = line.split(|c: char| !c.is_ascii_alphabetic()).collect();
        for word in ENGLISH {
            assert!(
                !words.contains(&word),
                "English {word:?} in {full:?}:\n{}",
                transcript.join("\n")
            );
        }
    }
}

fn contains(transcript: &[String], line: &str) {
    assert!(
        transcript.iter().any(|l| l == line),
        "no line {line:?} in:\n{}",
        transcript.join("\n")
    );
}

const KISWAHILI_FIRST: [&str; 7] = ["help", "Z9?", "a6>", "A6<", "explain 1", "hint", "undo"];

#[test]
fn a_whole_game_of_bao_la_kiswahili_with_lang_sw() {
    let t = whole_game(
        &["--lang", "sw", "--plain", "--level", "1", "--seed", "1"],
        &[],
        &SW,
        &KISWAHILI_FIRST,
    );
    assert_eq!(
        t[..3],
        [
            "Bao la Kiswahili: unacheza Kusini, kompyuta inacheza Kaskazini (kiwango 1:",
            "mlafi, hukosa 50% ya kula).",
            "Andika 'help' kuona amri, 'moves' kuona hatua halali.",
        ]
    );
    for line in [
        "  Kaskazini (kompyuta, kiwango 1)          akiba 22",
        "  Kusini (wewe)                            akiba 22",
        "Kete: Kusini 32 (22 akibani), Kaskazini 32 (22 akibani)",
        "Awamu: namua. Zamu ya Kusini (wewe).",
        "Andika hatua kisha ubonyeze Enter, au moja ya amri hizi:",
        "  moves       hatua halali                   hint        ushauri wa injini",
        "  oracle [S]  thamani kamili (sek S, au 2)   explain [N] zamu N kwa mizunguko",
        "Hatua: shimo na mwelekeo, kama unavyouona ubao kutoka kiti chako.",
        "Huwezi kucheza \"Z9?\": hiyo si hatua hapa; hatua huandikwa kama A6<.",
        "Andika 'moves' kuona hatua halali au 'help' kujua jinsi ya kuziandika.",
        "Huwezi kucheza \"a6>\": shimo hilo si lako. Kumbuka: herufi kubwa na ndogo katika",
        "majina ya mashimo zina maana; a6 ni shimo la Kaskazini, yako ni A1-A8 na B1-B8.",
        "Wewe (Kusini) unacheza A6<",
        "  - kuweka kete moja kutoka akiba katika A6",
        "  - kuchukua kete 3 kutoka A6",
        "  - kupanda kete 3 kinyume cha mwendo wa saa, hadi A3",
        "  - kete ya mwisho imeangukia shimo tupu A3: hatua imekwisha",
        "Kompyuta (Kaskazini) inacheza a5<",
        "  - kula kete 1 ya A4",
        "  - kupanda kete zilizoliwa kuanzia kichwa a8",
        "Hatua 1. A6< (Kusini, zamu 1), mzunguko 1.",
        "Mwisho wa hatua 1. A6<.",
        "Dokezo: A3<: kete -1.90 kwa anayecheza sasa (kina 6).",
        "  Hatua hii inakula kete 2 (za a6), kwa mizunguko 2.",
        "  Mfuatano unaotarajiwa: A3< a5> A8< a7> A3< a8<.",
        "Nimerudisha zamu 2: A6< a5<.",
        "Hatua halali: A6< A6> A7< A7>",
        "Hakuna hatua halali: mchezo umekwisha.",
        "Bado unaweza 'undo', 'new', 'save FILE' au 'quit'.",
        "Kwaheri.",
    ] {
        contains(&t, line);
    }
    assert!(
        t.iter().any(|l| l.starts_with("Mchezo umekwisha: ")),
        "{}",
        t.join("\n")
    );
    assert_kiswahili(&t);
}

#[test]
fn lang_from_the_environment() {
    let args = ["--plain", "--level", "1", "--seed", "1"];
    let t = whole_game(&args, &[("LANG", "sw_TZ.UTF-8")], &SW, &[]);
    assert_eq!(
        t[0],
        "Bao la Kiswahili: unacheza Kusini, kompyuta inacheza Kaskazini (kiwango 1:"
    );
    contains(&t, "Hakuna hatua halali: mchezo umekwisha.");
    assert_kiswahili(&t);
    // LC_ALL beats LANG; --lang beats both.
    let english = Bao::start(&args, &[("LC_ALL", "en_US.UTF-8"), ("LANG", "sw_KE.UTF-8")]);
    let t = english.finish();
    assert!(
        t[0].starts_with("Bao la Kiswahili: you play South"),
        "{}",
        t[0]
    );
    let chosen = Bao::start(&["--lang", "sw", "--plain"], &[("LC_ALL", "en_US.UTF-8")]);
    assert!(chosen.finish()[0].starts_with("Bao la Kiswahili: unacheza Kusini"));
    let unknown = Command::new(BAO)
        .args(["play", "--lang", "fr"])
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr)
        .contains("unknown language \"fr\" (known: en, sw)"));
}

#[test]
fn a_whole_game_of_bao_kingulu_in_kiswahili() {
    let t = whole_game(
        &[
            "--game", "kingulu", "--lang", "sw", "--plain", "--level", "1", "--seed", "1",
        ],
        &[],
        &SW,
        &["help", "A3<", "a3", "A3", "explain 1", "hint"],
    );
    assert_eq!(
        t[..3],
        [
            "Bao Kingulu: unacheza Kusini, kompyuta inacheza Kaskazini (kiwango 1: mlafi,",
            "hukosa 100% ya kula).",
            "Andika 'help' kuona amri, 'moves' kuona hatua halali.",
        ]
    );
    for line in [
        "  Kaskazini (kompyuta, kiwango 1) akiba 0",
        // The stores end in one column when a caption is longer than the board.
        "  Kusini (wewe)                   akiba 0",
        "Awamu: mchezo. Zamu ya Kusini (wewe). Alama: Kusini 24, Kaskazini 24.",
        "Hatua: shimo unalopandia, A1 hadi A6, ukihesabu kutoka kushoto kwako; herufi",
        "Wewe (Kusini) unacheza A3",
        "Hakuna hatua halali: mchezo umekwisha.",
        "Kwaheri.",
    ] {
        contains(&t, line);
    }
    assert!(
        t.iter().any(|l| l.starts_with("Dokezo: ")),
        "{}",
        t.join("\n")
    );
    assert!(
        t.iter().any(|l| l.starts_with("Mchezo umekwisha: ")),
        "{}",
        t.join("\n")
    );
    assert_kiswahili(&t);
}

/// `save` and `--load` in Kiswahili.
#[test]
fn saving_and_loading_in_kiswahili() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mchezo.bao");
    let file = file.to_str().unwrap();
    let mut bao = Bao::start(
        &["--lang", "sw", "--plain", "--level", "1", "--seed", "1"],
        &[],
    );
    bao.send("A6<");
    bao.send(&format!("save {file}"));
    bao.wait_for(&["Mchezo umehifadhiwa katika "]);
    bao.send(&format!("save {file}"));
    bao.wait_for(&["Haujahifadhiwa: "]);
    let t = bao.finish();
    // Lines wrapped at 80 columns join back with a space.
    let all = t.join(" ");
    for sentence in [
        format!(
            "Mchezo umehifadhiwa katika {file} (hatua 1). Uendeleze kwa: bao play --load {file}"
        ),
        format!("Haujahifadhiwa: {file} tayari lipo. Kulibadilisha, andika: save! {file}"),
    ] {
        assert!(all.contains(&sentence), "{sentence}\n{}", t.join("\n"));
    }
    let loaded = Bao::start(&["--load", file, "--plain"], &[("LANG", "sw_KE.UTF-8")]);
    let t = loaded.finish();
    assert_eq!(
        t[..3],
        [
            format!("Imefunguliwa {file}: hatua 1."),
            "Imerejeshwa kutoka kwenye rekodi: unacheza Kusini, kompyuta inacheza kiwango 1."
                .to_string(),
            "Bao la Kiswahili: unacheza Kusini, kompyuta inacheza Kaskazini (kiwango 1:"
                .to_string(),
        ]
    );
    assert_kiswahili(&t);
    // bao replay: the whole game when the input ends, the result last.
    let replayed = Command::new(BAO)
        .args(["replay", file, "--lang", "sw"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(replayed.stdout).unwrap();
    assert!(text.starts_with("Mchezo wa Bao la Kiswahili: you (Kusini) dhidi ya bao level 1"));
    assert!(text.contains("\nHatua 1. A6< (Kusini, zamu 1)\n"), "{text}");
    assert!(text.ends_with("\nMatokeo: mchezo haujaisha.\n"), "{text}");
}

/// The words of two letters or more outside the marks: English that bypassed the
/// catalogue. Board coordinates (`A6`, `b8`), numbers, move texts, the games' names and
/// the commands (`help` lists them as typed) are not words here; the position text is
/// notation.
fn bypassing(transcript: &[String]) -> Vec<String> {
    const NAMES: [&str; 4] = ["Bao", "la", "Kiswahili", "Kingulu"];
    let mut found = Vec::new();
    for line in transcript.iter().filter(|l| !is_position(l)) {
        let rest = unmarked(line);
        for word in rest.split(|c: char| !c.is_ascii_alphabetic()) {
            if word.len() >= 2 && !NAMES.contains(&word) && !COMMANDS.contains(&word) {
                found.push(format!("{word:?} in {line:?}"));
            }
        }
    }
    found
}

#[test]
fn the_pseudo_locale_finds_no_text_outside_the_catalogue() {
    let first = [
        "help",
        "Z9?",
        "a6>",
        "A6<",
        "explain 1",
        "hint",
        "undo",
        "level 2",
        "tutor",
        "bogus",
        "board",
    ];
    let args = ["--lang", "en-XA", "--plain", "--level", "1", "--seed", "1"];
    let t = whole_game(&args, &[], &PSEUDO, &first);
    assert_eq!(
        t[0],
        "⟦Bao la Kiswahili: ýóú ƥłáý ⟦Šóúţĥ⟧, ţĥé çóḿƥúţéŕ ƥłáýš ⟦Ñóŕţĥ⟧ (łéṽéł 1:"
    );
    let bypass = bypassing(&t);
    assert!(bypass.is_empty(), "{bypass:#?}\n{}", t.join("\n"));
    let k = whole_game(
        &[
            "--game", "kingulu", "--lang", "en-XA", "--plain", "--level", "1", "--seed", "1",
        ],
        &[],
        &PSEUDO,
        &["help", "A3<", "a3", "explain 1", "hint", "oracle 1"],
    );
    let bypass = bypassing(&k);
    assert!(bypass.is_empty(), "{bypass:#?}\n{}", k.join("\n"));
}

/// The check itself fails on a line that bypasses the catalogue.
#[test]
fn the_pseudo_check_catches_plain_english() {
    let lines = [
        "⟦Ĥíñţ: ⟧A5>".to_string(),
        "  ⟦Ñóŕţĥ⟧ ⟦(çóḿƥúţéŕ)⟧ store 22".to_string(),
    ];
    assert_eq!(
        bypassing(&lines),
        ["\"store\" in \"  ⟦Ñóŕţĥ⟧ ⟦(çóḿƥúţéŕ)⟧ store 22\""]
    );
}

/// `bao … --help` of the whole command and of the commands a player uses, in Kiswahili
/// (`--lang sw`, or LANG); in the pseudo-locale every description is marked.
#[test]
fn help_in_kiswahili() {
    let help = |args: &[&str], env: &[(&str, &str)]| {
        let out = Command::new(BAO)
            .args(args)
            .envs(env.iter().copied())
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let root = help(&["--help"], &[("LANG", "sw_TZ.UTF-8")]);
    let lines: Vec<&str> = root.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "Amri ya `bao`: kucheza, kurudia mchezo, kuchambua, kutatua na kuthibitisha, mashindano ya injini, perft, itifaki ya injini, seva ya wavuti",
            "",
            "Matumizi: bao <AMRI>",
            "",
            "Amri:",
        ]
    );
    assert!(lines.contains(
        &"  play        Cheza dhidi ya kompyuta kwenye terminali (Bao la Kiswahili kama hukuchagua)"
    ));
    assert!(lines.contains(&"  help        Onyesha ujumbe huu au msaada wa amri ndogo ulizotaja"));
    assert!(lines.contains(&"  -V, --version  Onyesha toleo"), "{root}");
    for sub in ["play", "replay", "report", "puzzle"] {
        let text = help(&[sub, "--help", "--lang", "sw"], &[]);
        assert!(
            text.contains(&format!("\nMatumizi: bao {sub} [CHAGUO]")),
            "{text}"
        );
        assert!(text.contains("\nChaguo:\n"), "{text}");
        assert!(text.contains("  -h, --help"), "{text}");
        assert!(
            text.trim_end()
                .lines()
                .any(|l| l.ends_with("Onyesha msaada")),
            "{text}"
        );
        for english in ["Usage", "Options", "Print help", "default:", "The "] {
            assert!(!text.contains(english), "{sub}: {english:?} in {text}");
        }
        // The pseudo-locale: outside the marks only the options' own syntax.
        let pseudo = help(&[sub, "--help", "--lang", "en-XA"], &[]);
        for line in pseudo.lines() {
            let rest = unmarked(line);
            let words: Vec<&str> = rest
                .split_whitespace()
                .filter(|w| !w.starts_with('-') && !w.starts_with('<') && !w.starts_with('['))
                .filter(|w| !["bao", sub, "list", "verify", "build", "help"].contains(w))
                .filter(|w| w.chars().filter(char::is_ascii_alphabetic).count() >= 2)
                .collect();
            assert_eq!(words, Vec::<&str>::new(), "{sub}: {line:?}");
        }
    }
    // The level's help gives the measured Elo of both games' levels (bao_engine::elo).
    let play = help(&["play", "--help", "--lang", "sw"], &[]);
    let elo = |game: &str, level: u8| bao_engine::elo::level_elo(game, level).unwrap();
    assert!(
        play.contains(&format!(
            "Bao la Kiswahili 2 ≈ {}, 3 ≈ {}",
            elo("kiswahili", 2),
            elo("kiswahili", 3)
        )),
        "{play}"
    );
    assert!(
        play.contains(&format!("Bao Kingulu 2 ≈ {}", elo("kingulu", 2))),
        "{play}"
    );
    // English stays clap's own.
    assert!(help(&["--help", "--lang", "en"], &[]).contains("\nUsage: bao <COMMAND>\n"));
}

/// A hole typed without its direction is told as such in Kiswahili (the rules' English
/// reason says "missing direction"), not as a move that is not legal; an empty hole is
/// named, and other illegal moves get the list of legal ones.
#[test]
fn a_move_without_its_direction_in_kiswahili() {
    let mut child = Command::new(BAO)
        .args(["play", "--lang", "sw", "--plain"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"A6\nA1>\nA6<+\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Huwezi kucheza \"A6\": hatua kutoka A6 inahitaji mwelekeo: A6< au A6>.\n"),
        "{text}"
    );
    // An empty hole is named as such, and an illegal move gets the legal moves, as
    // the English sentences do.
    assert!(
        text.contains("Huwezi kucheza \"A1>\": shimo A1 ni tupu; hatua halali: A6< A6> A7< A7>.\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "Huwezi kucheza \"A6<+\": hatua hiyo si halali sasa; hatua halali: A6< A6> A7< A7>.\n"
        ),
        "{text}"
    );
}

/// The command line's mistakes in Kiswahili (exit code 2, as clap's): an unknown option
/// with clap's suggestion, a value out of range with what the option takes, an unknown
/// command, a value given twice; in English clap's own words stay.
#[test]
fn command_line_errors_in_kiswahili() {
    let err = |args: &[&str], lang: &str| {
        let out = Command::new(BAO)
            .args(args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert!(out.stdout.is_empty(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let sw = "sw_TZ.UTF-8";
    assert_eq!(
        err(&["play", "--levle", "3"], sw),
        "hitilafu: chaguo '--levle' halijulikani\n  ulikusudia '--level'?\nKwa zaidi, jaribu '--help'.\n"
    );
    assert_eq!(
        err(&["play", "--lang", "sw", "--level", "11"], "C"),
        "hitilafu: '11' si thamani ambayo '--level <LEVEL>' inakubali: kiwango kutoka 1 hadi 10\nKwa zaidi, jaribu '--help'.\n"
    );
    assert_eq!(
        err(&["plya"], sw),
        "hitilafu: amri 'plya' haijulikani\n  ulikusudia 'replay' au 'play'?\nKwa zaidi, jaribu '--help'.\n"
    );
    assert_eq!(
        err(&["play", "--level", "3", "--level", "4"], sw),
        "hitilafu: '--level <LEVEL>' imetolewa zaidi ya mara moja\nKwa zaidi, jaribu '--help'.\n"
    );
    assert_eq!(
        err(&["report"], sw),
        "hitilafu: hiki lazima kitolewe: <FILE>\nKwa zaidi, jaribu '--help'.\n"
    );
    assert!(
        err(&["play", "--levle", "3"], "C")
            .starts_with("error: unexpected argument '--levle' found\n"),
        "English keeps clap's words"
    );
}

/// A file that cannot be read, in Kiswahili (exit code 1): the prefix, the sentence and
/// the system's reason from the catalogue; English keeps the system's words.
#[test]
fn a_missing_file_in_kiswahili() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("hakuna.bao");
    let missing = missing.to_str().unwrap();
    let run = |lang: &str| {
        let out = Command::new(BAO)
            .args(["play", "--lang", lang, "--load", missing])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    assert_eq!(
        run("sw"),
        format!("bao: hitilafu: siwezi kusoma {missing}: hakuna faili wala saraka kama hiyo\n")
    );
    assert_eq!(
        run("en"),
        format!("bao: error: cannot read {missing}: No such file or directory (os error 2)\n")
    );
}

/// A record file's errors in Kiswahili: a text that is no record (and is not called
/// "2 games"), a file of two games, a `--number` beyond them; English keeps its words.
#[test]
fn record_file_errors_in_kiswahili() {
    let dir = std::env::temp_dir().join(format!("bao-sw-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "garbage\n\n\u{1}\u{2} more junk\n").unwrap();
    let two = dir.join("two.txt");
    std::fs::write(
        &two,
        "[Game \"kiswahili\"]\n1. A6< a5<\n\n[Game \"kiswahili\"]\n1. A6<\n",
    )
    .unwrap();
    let run = |lang: &str, file: &std::path::Path, extra: &[&str]| {
        let out = Command::new(BAO)
            .args(["play", "--plain", "--lang", lang, "--load"])
            .arg(file)
            .args(extra)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        String::from_utf8(out.stderr).unwrap()
    };
    let (b, t) = (bad.display().to_string(), two.display().to_string());
    assert_eq!(
        run("sw", &bad, &[]),
        format!("bao: hitilafu: {b}: hii haionekani kuwa rekodi ya mchezo: mstari 1 \"garbage\" si lebo kama [Game \"kiswahili\"] wala hatua yenye namba kama 1. A6>\n")
    );
    assert_eq!(
        run("en", &bad, &[]),
        format!("bao: error: {b}: this does not look like a game record: line 1 \"garbage\" is neither a tag like [Game \"kiswahili\"] nor a numbered move like 1. A6>\n")
    );
    assert_eq!(
        run("sw", &two, &[]),
        format!("bao: {t} ina michezo 2; ninatumia mchezo 1 (chagua mwingine kwa --number N)\n")
    );
    assert_eq!(
        run("sw", &two, &["--number", "3"]),
        format!("bao: hitilafu: --number 3: {t} ina michezo 2 tu\n")
    );
    assert_eq!(
        run("en", &two, &["--number", "3"]),
        format!("bao: error: --number 3: {t} holds 2 games\n")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
