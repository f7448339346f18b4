//! The engine options of `bao engine` (`options`, `setoption`).

use super::*;

/// The engine options shared by both games (the rules options belong to the game).
#[derive(Clone, Debug)]
pub(super) struct EngineOptions {
    pub(super) config: EngineConfig,
    /// The level the configuration came from, if it was not changed since.
    pub(super) level: Option<u8>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            config: EngineConfig::level(6),
            level: Some(6),
        }
    }
}

pub(super) fn opt_text<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string())
        .unwrap_or_else(|| "none".to_string())
}

impl EngineOptions {
    /// The configuration for a game of `G`: while the options are a level, that level of
    /// `G`'s own table (Bao Kingulu's levels differ from Bao la Kiswahili's) with the seed
    /// and hash set; otherwise the options as set.
    pub(super) fn config_of<G: Game>(&self) -> EngineConfig {
        match self.level {
            Some(n) => EngineConfig {
                seed: self.config.seed,
                hash_mb: self.config.hash_mb,
                ..EngineConfig::level_of::<G>(n)
            },
            None => self.config.clone(),
        }
    }

    /// The `options` lines for a game of `G`.
    pub(super) fn lines_of<G: Game>(&self) -> Vec<String> {
        let c = &self.config_of::<G>();
        vec![
            format!("level {}", opt_text(self.level)),
            format!("searcher {}", searcher_name(c.searcher)),
            format!("depth {}", opt_text(c.limits.depth)),
            format!("time {}", opt_text(c.limits.time_ms)),
            format!("nodes {}", opt_text(c.limits.nodes)),
            format!("hash {}", c.hash_mb),
            format!("seed {}", c.seed),
        ]
    }

    /// Sets one engine option in a game of `G`; `Ok(None)` if `name` is not an engine option.
    pub(super) fn set<G: Game>(
        &mut self,
        name: &str,
        value: &str,
    ) -> Result<Option<String>, String> {
        // Changes start from what a game of `G` plays now (its own level's settings).
        let mut next = EngineOptions {
            config: self.config_of::<G>(),
            level: self.level,
        };
        let opt_number = |what: &str| -> Result<Option<u64>, String> {
            if value == "none" || value == "-" {
                return Ok(None);
            }
            value
                .parse::<u64>()
                .map(Some)
                .map_err(|_| format!("setoption {what}: {value:?} is not a number or none"))
        };
        match name {
            "level" => {
                let n: u8 = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=10).contains(n))
                    .ok_or_else(|| format!("setoption level: {value:?} is not a level 1-10"))?;
                let (seed, hash) = (next.config.seed, next.config.hash_mb);
                next.config = EngineConfig::level_of::<G>(n);
                next.config.seed = seed;
                next.config.hash_mb = hash;
                next.level = Some(n);
            }
            "searcher" => {
                next.config.searcher = match value {
                    "alphabeta" | "ab" | "alpha-beta" => Searcher::AlphaBeta,
                    "mcts" => Searcher::Mcts,
                    "random" => Searcher::Random,
                    "greedy" => Searcher::Greedy,
                    _ => {
                        return Err(format!(
                            "setoption searcher: {value:?} is not one of alphabeta, mcts, random, greedy"
                        ))
                    }
                };
                next.level = None;
            }
            "depth" => {
                next.config.limits.depth =
                    opt_number("depth")?.map(|d| d.min(u64::from(u32::MAX)) as u32);
                next.level = None;
            }
            "time" => {
                next.config.limits.time_ms = opt_number("time")?;
                next.level = None;
            }
            "nodes" => {
                next.config.limits.nodes = opt_number("nodes")?;
                next.level = None;
            }
            "hash" => {
                let mb = opt_number("hash")?
                    .ok_or_else(|| "setoption hash: give a size in MiB".to_string())?;
                if !(1..=MAX_HASH_MB).contains(&mb) {
                    return Err(format!(
                        "setoption hash: {mb} MiB is out of range 1-{MAX_HASH_MB}"
                    ));
                }
                next.config.hash_mb = mb as usize;
            }
            "seed" => {
                next.config.seed = opt_number("seed")?
                    .ok_or_else(|| "setoption seed: give a number".to_string())?;
            }
            _ => return Ok(None),
        }
        *self = next;
        let line = self
            .lines_of::<G>()
            .into_iter()
            .find(|l| l.split(' ').next() == Some(name))
            .unwrap_or_default();
        Ok(Some(line))
    }
}

pub(super) fn searcher_name(s: Searcher) -> &'static str {
    match s {
        Searcher::AlphaBeta => "alphabeta",
        Searcher::Mcts => "mcts",
        Searcher::Random => "random",
        Searcher::Greedy => "greedy",
    }
}

/// `text` cut to at most `max` characters (with `…`), for echoing input in messages.
pub(super) fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max).collect();
        s.push('…');
        s
    }
}
