//! Shared pieces of the subcommands: rules and positions from arguments,
//! engine specifications, dates.

use anyhow::{anyhow, bail, Context, Result};
use bao_engine::{EngineConfig, Evaluation, Limits, SearchParams, Searcher};
use bao_rules::{Game, GameKind, RuleSet};

/// The rules from a profile name (default profile when `None`) and `name=value` options.
pub fn make_rules<G: Game>(profile: Option<&str>, options: &[String]) -> Result<G::Rules> {
    let mut rules = match profile {
        Some(p) => G::Rules::profile(p).map_err(|e| anyhow!("--rules: {}", e.message))?,
        None => G::Rules::default(),
    };
    for opt in options {
        let (name, value) = opt
            .split_once('=')
            .ok_or_else(|| anyhow!("--set {opt:?}: expected NAME=VALUE, e.g. takasia=off"))?;
        rules
            .set_option(name.trim(), value.trim())
            .map_err(|e| anyhow!("--set {opt:?}: {}", e.message))?;
    }
    // One bound on the work of a move for every subcommand (as the web and records).
    bao_rules::line::check_work(&rules, crate::play::MAX_LAPS, u32::MAX)
        .map_err(|e| anyhow!("--set: {e}"))?;
    Ok(rules)
}

/// OPT-MAX-PLIES of the rules of `pos` (K-R12.4), if set.
pub fn max_plies<G: Game>(pos: &G) -> Option<u32> {
    use bao_rules::RuleSet;
    pos.rules()
        .options()
        .into_iter()
        .find(|(name, _)| *name == "max-plies")
        .and_then(|(_, value)| value.parse().ok())
}

/// The largest transposition table an engine specification accepts, in MiB (as
/// `setoption hash` in `bao engine`).
pub const MAX_HASH_MB: u64 = 4096;

/// The position given by `--position` (notation.md §2), or the start position. When the
/// text fails to parse and its rows look like the other game's (2 rows: Bao Kingulu; 4
/// rows: Bao la Kiswahili), the error says to pass `--game`.
pub fn make_position<G: Game>(rules: &G::Rules, position: Option<&str>) -> Result<G> {
    match position {
        Some(text) => G::from_text(text, rules).map_err(|e| {
            let board = text.split(';').next().unwrap_or("");
            let rows = board.split('/').count();
            let hint = match (bao_rules::GameKind::of::<G>(), rows) {
                (bao_rules::GameKind::Kiswahili, 2) => {
                    " (this looks like a Bao Kingulu position: add --game kingulu)"
                }
                (bao_rules::GameKind::Kingulu, 4) => {
                    " (this looks like a Bao la Kiswahili position: use --game kiswahili)"
                }
                _ => "",
            };
            anyhow!("--position: {e}{hint}")
        }),
        None => Ok(G::start(rules)),
    }
}

/// An engine specification (docs/cli.md): a level `1`..`10` of `game`, `random`,
/// `greedy`, `ab[:k=v,...]` or `mcts[:k=v,...]` with keys `depth`, `time` (ms), `nodes`,
/// `hash` (MiB), `seed`, `miss` (the percentage of captures not seen), `level` (start
/// from a level's settings).
pub fn parse_engine_spec(spec: &str, game: GameKind) -> Result<EngineConfig> {
    let spec = spec.trim();
    if let Ok(level) = spec.parse::<u8>() {
        if !(1..=10).contains(&level) {
            bail!("engine {spec:?}: levels go from 1 to 10");
        }
        return Ok(EngineConfig::level_for(game, level));
    }
    let (kind, params) = match spec.split_once(':') {
        Some((k, p)) => (k.trim(), Some(p)),
        None => (spec, None),
    };
    let mut config = EngineConfig::level_for(game, 6);
    config.limits = Limits::default();
    config.missed_captures = 0;
    config.searcher = match kind.to_ascii_lowercase().as_str() {
        "random" => Searcher::Random,
        "greedy" => Searcher::Greedy,
        "ab" | "alphabeta" | "alpha-beta" => Searcher::AlphaBeta,
        "mcts" => Searcher::Mcts,
        "level" => Searcher::AlphaBeta,
        other => bail!(
            "engine {spec:?}: unknown searcher {other:?} (expected a level 1-10, random, greedy, ab:..., mcts:...)"
        ),
    };
    for param in params.into_iter().flat_map(|p| p.split(',')) {
        let param = param.trim();
        if param.is_empty() {
            continue;
        }
        let (key, value) = param
            .split_once('=')
            .ok_or_else(|| anyhow!("engine {spec:?}: {param:?} is not KEY=VALUE"))?;
        let number = |what: &str| -> Result<u64> {
            value
                .trim()
                .parse::<u64>()
                .with_context(|| format!("engine {spec:?}: {what} {value:?} is not a number"))
        };
        match key.trim() {
            "depth" => {
                let d = number("depth")?;
                if d == 0 {
                    bail!("engine {spec:?}: depth 0: the depth is in plies and must be at least 1");
                }
                config.limits.depth = Some(d.min(u32::MAX as u64) as u32)
            }
            "time" => config.limits.time_ms = Some(number("time")?),
            "nodes" => config.limits.nodes = Some(number("nodes")?),
            "hash" => {
                let mb = number("hash")?;
                if !(1..=MAX_HASH_MB).contains(&mb) {
                    bail!("engine {spec:?}: hash {mb} MiB is out of range 1-{MAX_HASH_MB}");
                }
                config.hash_mb = mb as usize
            }
            "seed" => config.seed = number("seed")?,
            "miss" => {
                let pct = number("miss")?;
                if pct > 100 {
                    bail!("engine {spec:?}: miss {pct} is a percentage of captures, 0-100");
                }
                config.missed_captures = pct as u8
            }
            "eval" => {
                config.eval = match value.trim().to_ascii_lowercase().as_str() {
                    "net" if game != GameKind::Kiswahili => bail!(
                        "engine {spec:?}: eval net: the network is Bao la Kiswahili's; {game} has only the linear evaluation"
                    ),
                    "net" => Evaluation::Net,
                    "linear" => Evaluation::Linear,
                    v => bail!("engine {spec:?}: eval {v:?} (expected net or linear)"),
                }
            }
            "level" => {
                let n = number("level")?;
                if !(1..=10).contains(&n) {
                    bail!("engine {spec:?}: levels go from 1 to 10");
                }
                let (searcher, search) = (config.searcher, config.search);
                config = EngineConfig::level_for(game, n as u8);
                config.search = search;
                if kind != "level" {
                    config.searcher = searcher;
                }
            }
            k if SearchParams::KEYS.contains(&k) => {
                let v = value.trim().parse::<i64>().with_context(|| {
                    format!("engine {spec:?}: {k} {value:?} is not a number")
                })?;
                config
                    .search
                    .set(k, v)
                    .map_err(|e| anyhow!("engine {spec:?}: {e}"))?;
            }
            other => bail!(
                "engine {spec:?}: unknown key {other:?} (expected depth, time, nodes, hash, seed, miss, eval, level, or a search parameter: {})",
                SearchParams::KEYS.join(", ")
            ),
        }
    }
    if config.searcher == Searcher::AlphaBeta
        && config.limits.depth.is_none()
        && config.limits.time_ms.is_none()
        && config.limits.nodes.is_none()
    {
        bail!("engine {spec:?}: give a limit, e.g. ab:depth=6 or ab:time=100");
    }
    if config.searcher == Searcher::Mcts
        && config.limits.time_ms.is_none()
        && config.limits.nodes.is_none()
    {
        bail!("engine {spec:?}: give a limit, e.g. mcts:time=100 or mcts:nodes=5000");
    }
    Ok(config)
}

/// A short description of an engine configuration (`alpha-beta depth 4`, `random`).
pub fn describe_config(config: &EngineConfig) -> String {
    let mut out = match config.searcher {
        Searcher::Random => "random".to_string(),
        Searcher::Greedy => "greedy".to_string(),
        Searcher::AlphaBeta => "alpha-beta".to_string(),
        Searcher::Mcts => "mcts".to_string(),
    };
    if let Some(d) = config.limits.depth {
        out.push_str(&format!(" depth {d}"));
    }
    if let Some(t) = config.limits.time_ms {
        out.push_str(&format!(" time {t} ms"));
    }
    if let Some(n) = config.limits.nodes {
        out.push_str(&format!(" nodes {n}"));
    }
    if config.missed_captures > 0 {
        out.push_str(&format!(", misses {}% of captures", config.missed_captures));
    }
    if config.eval == Evaluation::Net {
        out.push_str(", network evaluation");
    }
    out
}

/// Seconds since 1970-01-01 (UTC), now.
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Today's date as `YYYY.MM.DD` (UTC), for game records.
pub fn today() -> String {
    bao_rules::record::date_tag(unix_now())
}

/// The date and time now as `YYYYMMDD-HHMMSS` (UTC), for autosave file names.
pub fn now_stamp() -> String {
    let secs = unix_now();
    let (y, m, d) = bao_rules::record::civil_date(secs);
    let t = secs % 86_400;
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// The largest game-record file `bao play --load`, `bao replay` and `bao solve --load`
/// read: 16 MiB (a record of 10,000 moves is about 100 KiB).
pub const MAX_RECORD_FILE_BYTES: u64 = 16 << 20;

/// Reads a text file of at most `max` bytes, refusing what is not a regular file (a
/// directory, a device such as `/dev/zero`, a FIFO) before reading, and stopping after
/// `max` bytes whatever the file claims, so that no file makes the program read without
/// end. Invalid UTF-8 is an error naming the file.
///
/// # Errors
/// The file cannot be opened, is not a regular file, is longer than `max` bytes, or is
/// not UTF-8 text.
pub fn read_text_file(file: &str, max: u64) -> Result<String> {
    use std::io::Read;
    let shown = crate::play::quote_file(file);
    let cannot = || crate::t!("file-cannot-read", file = shown.as_str());
    let meta = std::fs::metadata(file)
        .map_err(io_error)
        .with_context(cannot)?;
    if !meta.is_file() {
        bail!("{}: {}", cannot(), crate::t!("file-not-regular"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(io_error)
        .with_context(cannot)?;
    if bytes.len() as u64 > max {
        bail!(
            "{}",
            crate::t!("file-too-large", file = shown.as_str(), max = max)
        );
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "{}: {}",
            cannot(),
            crate::t!("file-not-utf8", byte = e.utf8_error().valid_up_to())
        )
    })
}

/// An I/O error in the player's language: the system's own words in English; in another
/// language the catalogue's for the kinds a player meets (no such file, no permission),
/// the system's words for the rest.
pub fn io_error(e: std::io::Error) -> anyhow::Error {
    if crate::i18n::english() {
        return e.into();
    }
    match e.kind() {
        std::io::ErrorKind::NotFound => anyhow!("{}", crate::t!("io-not-found")),
        std::io::ErrorKind::PermissionDenied => anyhow!("{}", crate::t!("io-permission-denied")),
        _ => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KS: GameKind = GameKind::Kiswahili;

    #[test]
    fn engine_specs() {
        let c = parse_engine_spec("ab:depth=6", KS).unwrap();
        assert_eq!(c.searcher, Searcher::AlphaBeta);
        assert_eq!(
            c.limits,
            Limits {
                depth: Some(6),
                nodes: None,
                time_ms: None
            }
        );
        let c = parse_engine_spec("mcts:time=100,seed=7", KS).unwrap();
        assert_eq!(c.searcher, Searcher::Mcts);
        assert_eq!(c.limits.time_ms, Some(100));
        assert_eq!(c.seed, 7);
        assert_eq!(parse_engine_spec("5", KS).unwrap(), EngineConfig::level(5));
        assert_eq!(
            parse_engine_spec("random", KS).unwrap().searcher,
            Searcher::Random
        );
        assert_eq!(
            parse_engine_spec("greedy", KS).unwrap().searcher,
            Searcher::Greedy
        );
        let c = parse_engine_spec("level:level=7,seed=3", KS).unwrap();
        assert_eq!(c.limits, EngineConfig::level(7).limits);
        assert_eq!(c.seed, 3);
        for bad in [
            "0",
            "11",
            "ab",
            "mcts:depth=3",
            "xyz",
            "ab:depth=x",
            "ab:foo=1",
            "ab:depth",
            "ab:depth=2,miss=101",
            "ab:depth=2,miss=-1",
        ] {
            assert!(
                parse_engine_spec(bad, KS).is_err(),
                "{bad} should be rejected"
            );
        }
        let err = parse_engine_spec("ab:foo=1", KS).unwrap_err().to_string();
        assert!(err.contains("unknown key \"foo\""), "{err}");
        let c = parse_engine_spec("ab:depth=2,miss=40", KS).unwrap();
        assert_eq!((c.limits.depth, c.missed_captures), (Some(2), 40));
        assert_eq!(
            parse_engine_spec("ab:depth=2", KS).unwrap().missed_captures,
            0
        );
        let err = parse_engine_spec("ab:depth=2,miss=101", KS)
            .unwrap_err()
            .to_string();
        assert!(err.contains("miss 101 is a percentage"), "{err}");
        // The evaluation: linear unless asked (every level keeps the linear one).
        assert_eq!(
            parse_engine_spec("ab:nodes=9", KS).unwrap().eval,
            Evaluation::Linear
        );
        let c = parse_engine_spec("ab:nodes=9,eval=net", KS).unwrap();
        assert_eq!(c.eval, Evaluation::Net);
        assert_eq!(
            describe_config(&c),
            "alpha-beta nodes 9, network evaluation"
        );
        // Levels 8-10 use the network and the strong search; 7 and below do not.
        for (n, eval, search) in [
            (7, Evaluation::Linear, SearchParams::CLASSIC),
            (8, Evaluation::Net, SearchParams::STRONG),
            (10, Evaluation::Net, SearchParams::STRONG),
        ] {
            let c = parse_engine_spec(&n.to_string(), KS).unwrap();
            assert_eq!((c.eval, c.search), (eval, search), "level {n}");
        }
        let c = parse_engine_spec("level:level=10,eval=linear", KS).unwrap();
        assert_eq!((c.eval, c.limits.time_ms), (Evaluation::Linear, Some(3000)));
        assert_eq!(
            describe_config(&parse_engine_spec("10", KS).unwrap()),
            "alpha-beta time 3000 ms, network evaluation"
        );
        // The search keys, before or after level=; bad values name their key.
        let c = parse_engine_spec("level:rfp=1,level=6,fut=3,futm=90,asp=25", KS).unwrap();
        let want = SearchParams {
            rfp_depth: 1,
            futility_depth: 3,
            futility_margin: 90,
            aspiration: 25,
            ..SearchParams::CLASSIC
        };
        assert_eq!((c.search, c.limits.depth), (want, Some(6)));
        let err = parse_engine_spec("ab:depth=4,rfp=99", KS)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "engine \"ab:depth=4,rfp=99\": rfp 99 is out of range 0-16 plies"
        );
        let err = parse_engine_spec("ab:depth=4,futm=-5", KS)
            .unwrap_err()
            .to_string();
        assert!(err.contains("futm -5 is out of range"), "{err}");
        let err = parse_engine_spec("ab:depth=4,lmrd=x", KS)
            .unwrap_err()
            .to_string();
        assert!(err.contains("lmrd \"x\" is not a number"), "{err}");
        let err = parse_engine_spec("ab:depth=2,eval=deep", KS)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("eval \"deep\" (expected net or linear)"),
            "{err}"
        );
        let err = parse_engine_spec("ab:depth=2,eval=net", GameKind::Kingulu)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "engine \"ab:depth=2,eval=net\": eval net: the network is Bao la Kiswahili's; kingulu has only the linear evaluation"
        );
        // A level is the game's own level.
        let kg = GameKind::Kingulu;
        for n in 1..=10 {
            assert_eq!(
                parse_engine_spec(&n.to_string(), kg).unwrap(),
                EngineConfig::level_for(kg, n)
            );
        }
    }

    #[test]
    fn text_files_are_read_within_bounds() {
        let e = read_text_file("/dev/zero", 1024).unwrap_err().to_string();
        assert_eq!(e, "cannot read /dev/zero: it is not a regular file");
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.bao");
        std::fs::write(&big, "x".repeat(2000)).unwrap();
        let e = read_text_file(big.to_str().unwrap(), 1024)
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("is larger than 1024 bytes: not a file this command reads"),
            "{e}"
        );
        std::fs::write(&big, [b'a', 0xff, b'b']).unwrap();
        let e = read_text_file(big.to_str().unwrap(), 1024)
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("not UTF-8 text (byte 1)"), "{e}");
        std::fs::write(&big, "ok").unwrap();
        assert_eq!(read_text_file(big.to_str().unwrap(), 1024).unwrap(), "ok");
    }
}
