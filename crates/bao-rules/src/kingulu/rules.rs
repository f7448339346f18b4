//! Rule options O1–O7 of Bao Kingulu (G-§4.7) and the named profiles.

use crate::{OptionError, RuleSet, Side};

/// O3 `all-moves-forbidden`: what happens when the mover has candidates (G-R1) but no
/// legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AllMovesForbidden {
    /// The game ends (G-R12, default; A11).
    #[default]
    EndGame,
    /// R7 is suspended for this turn and the legal moves are recomputed (G-R13 still
    /// applies); if there is still none, the game ends.
    LiftFirstLapRule,
}

/// O7 `repetition`: what the third occurrence of a position in a game does (G-R15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The game ends at once and is scored by G-R14 on that position (G-R15, default).
    #[default]
    ThirdOccurrenceScores,
    /// No rule (the seed read literally): games may be endless.
    None,
}

/// O4 `non-terminating`: how relays that never stop are handled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NonTerminating {
    /// A move whose laps never end is illegal, detected exactly (G-R13, default).
    #[default]
    Illegal,
    /// When lap `n` (n ≥ 1) would relay, the move ends instead with the last seed left in
    /// its pit (no capture, no reservation); R13 is not applied, R7 still applies to lap 1.
    LapCap(u32),
}

/// O5 `opposite-reserved`: a move ends in an empty own pit whose opposite pit is reserved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OppositeReserved {
    /// Nothing is captured; the last seed stays (G-R8, default; A15).
    #[default]
    NoCapture,
    /// The last seed alone goes to the mover's store.
    CaptureSeedOnly,
}

/// O6 `singleton-kuweka`: a 1-seed lap ending in an opponent pit that held 3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SingletonKuweka {
    /// The pit is reserved with 4 seeds and nothing is transferred (G-R9, default; A2).
    #[default]
    ReserveWithoutTransfer,
    /// A 1-seed lap never reserves; the pit relays like any occupied opponent pit.
    NotAllowed,
}

/// The rule options of Bao Kingulu (G-§4.7, O1–O6). `Default` is the `default` profile,
/// the recommended ruleset of the spec.
///
/// Option names and values in text (kebab case, [`RuleSet::set_option`]):
///
/// | option | values |
/// |---|---|
/// | `first-player` | `south` (default), `north` |
/// | `skip-start-pit` | `false` (default), `true` |
/// | `all-moves-forbidden` | `end-game` (default), `lift-first-lap-rule` |
/// | `non-terminating` | `illegal` (default), `lap-cap:N` with N ≥ 1 |
/// | `opposite-reserved` | `no-capture` (default), `capture-seed-only` |
/// | `singleton-kuweka` | `reserve-without-transfer` (default), `not-allowed` |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// O1: who moves first from the start position (G-G5).
    pub first_player: Side,
    /// O2: a lap of 12 or more seeds skips its own start pit (G-R5).
    pub skip_start_pit: bool,
    /// O3: what happens when every candidate is forbidden (G-R12).
    pub all_moves_forbidden: AllMovesForbidden,
    /// O4: non-terminating relays (G-R13).
    pub non_terminating: NonTerminating,
    /// O5: the opposite pit of an opposite capture is reserved (G-R8).
    pub opposite_reserved: OppositeReserved,
    /// O6: kuweka mtoto by a 1-seed lap (G-R9).
    pub singleton_kuweka: SingletonKuweka,
    /// O7: the third occurrence of a position ends the game (G-R15).
    pub repetition: Repetition,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            first_player: Side::South,
            skip_start_pit: false,
            all_moves_forbidden: AllMovesForbidden::EndGame,
            non_terminating: NonTerminating::Illegal,
            opposite_reserved: OppositeReserved::NoCapture,
            singleton_kuweka: SingletonKuweka::ReserveWithoutTransfer,
            repetition: Repetition::ThirdOccurrenceScores,
        }
    }
}

/// The option names in the order [`RuleSet::options`] lists them.
const OPTION_NAMES: [&str; 7] = [
    "first-player",
    "skip-start-pit",
    "all-moves-forbidden",
    "non-terminating",
    "opposite-reserved",
    "singleton-kuweka",
    "repetition",
];

fn bad_value(name: &str, value: &str, accepted: &str) -> OptionError {
    OptionError {
        message: format!("option {name}: unknown value {value:?} (accepted: {accepted})"),
    }
}

impl RuleSet for Rules {
    fn profile_names() -> &'static [&'static str] {
        &["default"]
    }

    fn profile(name: &str) -> Result<Self, OptionError> {
        match name.trim() {
            "default" => Ok(Rules::default()),
            other => Err(OptionError {
                message: format!(
                    "unknown Bao Kingulu rules profile {other:?} (known: {})",
                    Self::profile_names().join(", ")
                ),
            }),
        }
    }

    fn profile_name(&self) -> &'static str {
        "default"
    }

    /// `non-terminating lap-cap:N` bounds a move to N laps (G-R13, O4); the default
    /// (`illegal`) detects endless relays exactly.
    fn lap_bound(&self) -> Option<u64> {
        match self.non_terminating {
            NonTerminating::Illegal => None,
            NonTerminating::LapCap(n) => Some(u64::from(n)),
        }
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        let values = [
            match self.first_player {
                Side::South => "south".to_string(),
                Side::North => "north".to_string(),
            },
            self.skip_start_pit.to_string(),
            match self.all_moves_forbidden {
                AllMovesForbidden::EndGame => "end-game".to_string(),
                AllMovesForbidden::LiftFirstLapRule => "lift-first-lap-rule".to_string(),
            },
            match self.non_terminating {
                NonTerminating::Illegal => "illegal".to_string(),
                NonTerminating::LapCap(n) => format!("lap-cap:{n}"),
            },
            match self.opposite_reserved {
                OppositeReserved::NoCapture => "no-capture".to_string(),
                OppositeReserved::CaptureSeedOnly => "capture-seed-only".to_string(),
            },
            match self.singleton_kuweka {
                SingletonKuweka::ReserveWithoutTransfer => "reserve-without-transfer".to_string(),
                SingletonKuweka::NotAllowed => "not-allowed".to_string(),
            },
            match self.repetition {
                Repetition::ThirdOccurrenceScores => "third-occurrence-scores".to_string(),
                Repetition::None => "none".to_string(),
            },
        ];
        OPTION_NAMES.into_iter().zip(values).collect()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let name = name.trim();
        let v = value.trim().to_ascii_lowercase();
        match name {
            "first-player" => {
                self.first_player = match v.as_str() {
                    "south" => Side::South,
                    "north" => Side::North,
                    _ => return Err(bad_value(name, value, "south, north")),
                }
            }
            "skip-start-pit" => {
                self.skip_start_pit = match v.as_str() {
                    "false" => false,
                    "true" => true,
                    _ => return Err(bad_value(name, value, "false, true")),
                }
            }
            "all-moves-forbidden" => {
                self.all_moves_forbidden = match v.as_str() {
                    "end-game" => AllMovesForbidden::EndGame,
                    "lift-first-lap-rule" => AllMovesForbidden::LiftFirstLapRule,
                    _ => return Err(bad_value(name, value, "end-game, lift-first-lap-rule")),
                }
            }
            "non-terminating" => {
                self.non_terminating = if v == "illegal" {
                    NonTerminating::Illegal
                } else if let Some(n) = v.strip_prefix("lap-cap:") {
                    match n.trim().parse::<u32>() {
                        Ok(n) if n >= 1 => NonTerminating::LapCap(n),
                        _ => {
                            return Err(bad_value(
                                name,
                                value,
                                "illegal, lap-cap:N with N a whole number from 1 to 4294967295",
                            ))
                        }
                    }
                } else {
                    return Err(bad_value(name, value, "illegal, lap-cap:N with N ≥ 1"));
                }
            }
            "opposite-reserved" => {
                self.opposite_reserved = match v.as_str() {
                    "no-capture" => OppositeReserved::NoCapture,
                    "capture-seed-only" => OppositeReserved::CaptureSeedOnly,
                    _ => return Err(bad_value(name, value, "no-capture, capture-seed-only")),
                }
            }
            "singleton-kuweka" => {
                self.singleton_kuweka = match v.as_str() {
                    "reserve-without-transfer" => SingletonKuweka::ReserveWithoutTransfer,
                    "not-allowed" => SingletonKuweka::NotAllowed,
                    _ => {
                        return Err(bad_value(
                            name,
                            value,
                            "reserve-without-transfer, not-allowed",
                        ))
                    }
                }
            }
            "repetition" => {
                self.repetition = match v.as_str() {
                    "third-occurrence-scores" => Repetition::ThirdOccurrenceScores,
                    "none" => Repetition::None,
                    _ => return Err(bad_value(name, value, "third-occurrence-scores, none")),
                }
            }
            _ => {
                return Err(OptionError {
                    message: format!(
                        "unknown Bao Kingulu option {name:?} (known: {})",
                        OPTION_NAMES.join(", ")
                    ),
                })
            }
        }
        Ok(())
    }
}
