//! A game's clock: Fischer (initial time + increment per move) or correspondence (days
//! per move), as lichess keeps them.
//!
//! * Before both sides have made their first move no clock runs; the side to move has
//!   [`FIRST_MOVE_MS`] (a day in correspondence, [`FIRST_MOVE_DAYS_MS`]) to move, or
//!   the game is aborted (unrated, no result).
//! * From North's first move on, the side to move's clock runs. A move takes the time
//!   spent from the mover's clock, then adds the increment (Fischer) or sets it back to
//!   the days per move (correspondence).
//! * The clock stores, for the running side, its remaining time at `since_ms` (Unix
//!   milliseconds): its deadline is `since_ms + remaining`. After a restart the time the
//!   server was down is not charged (see [`crate::clock::timer::start`]).

use bao_rules::Side;
use serde::{Deserialize, Serialize};

use crate::refusal::Refusal;

/// The first-move window of a Fischer game: 30 s.
pub const FIRST_MOVE_MS: u64 = 30_000;
/// The first-move window of a correspondence game: a day.
pub const FIRST_MOVE_DAYS_MS: u64 = DAY_MS;
/// A day in milliseconds.
pub const DAY_MS: u64 = 86_400_000;
/// The longest initial time: 3 hours.
pub const MAX_INITIAL_S: u64 = 3 * 3600;
/// The largest increment: 3 minutes.
pub const MAX_INCREMENT_S: u64 = 180;
/// The most days per move.
pub const MAX_DAYS: u64 = 14;

/// A time control as a request gives it: `{"initial_s", "increment_s"}` or
/// `{"days_per_move"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, try_from = "RawClock")]
pub enum TimeControl {
    /// Fischer: `initial_s` seconds each, `increment_s` added after each move.
    Fischer {
        /// Seconds each side starts with (1 ..= [`MAX_INITIAL_S`]).
        initial_s: u64,
        /// Seconds added after each move (0 ..= [`MAX_INCREMENT_S`]).
        increment_s: u64,
    },
    /// Correspondence: each move within `days_per_move` days.
    Correspondence {
        /// Days per move (1 ..= [`MAX_DAYS`]).
        days_per_move: u64,
    },
}

/// A clock as sent, before its shape is known: read through this so that an error names
/// the field and the value that was wrong (a negative, fractional or missing number),
/// not only the two shapes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClock {
    initial_s: Option<f64>,
    increment_s: Option<f64>,
    days_per_move: Option<f64>,
}

/// The shapes a clock takes, for errors.
const SHAPES: &str = "{\"initial_s\": N, \"increment_s\": N} (seconds, Fischer) or {\"days_per_move\": N} (correspondence)";

/// `value` of field `name` as a whole number ≥ 0; else an error naming both and the range.
fn whole(name: &str, value: f64, range: &str) -> Result<u64, String> {
    if value.fract() != 0.0 || !value.is_finite() {
        return Err(format!(
            "clock.{name} {value} is not a whole number ({range})"
        ));
    }
    if value < 0.0 || value > u32::MAX as f64 {
        return Err(format!("clock.{name} {value} is out of range: {range}"));
    }
    Ok(value as u64)
}

impl TryFrom<RawClock> for TimeControl {
    type Error = String;

    fn try_from(raw: RawClock) -> Result<Self, String> {
        let initial = format!("1 to {MAX_INITIAL_S} seconds");
        let increment = format!("0 to {MAX_INCREMENT_S} seconds");
        match (raw.initial_s, raw.increment_s, raw.days_per_move) {
            (Some(i), Some(n), None) => Ok(TimeControl::Fischer {
                initial_s: whole("initial_s", i, &initial)?,
                increment_s: whole("increment_s", n, &increment)?,
            }),
            (None, None, Some(d)) => Ok(TimeControl::Correspondence {
                days_per_move: whole("days_per_move", d, &format!("1 to {MAX_DAYS}"))?,
            }),
            (Some(_), None, None) => Err(format!("clock.increment_s is missing: {SHAPES}")),
            (None, Some(_), None) => Err(format!("clock.initial_s is missing: {SHAPES}")),
            _ => Err(format!("expected {SHAPES}")),
        }
    }
}

impl TimeControl {
    /// Checks the ranges.
    ///
    /// # Errors
    /// 422 naming the field out of range.
    pub fn check(self) -> Result<TimeControl, Refusal> {
        match self {
            TimeControl::Fischer {
                initial_s,
                increment_s,
            } => {
                if !(1..=MAX_INITIAL_S).contains(&initial_s) {
                    return Err(Refusal::invalid(format!(
                        "clock.initial_s {initial_s} is out of range: 1 to {MAX_INITIAL_S} seconds"
                    )));
                }
                if increment_s > MAX_INCREMENT_S {
                    return Err(Refusal::invalid(format!(
                        "clock.increment_s {increment_s} is out of range: 0 to {MAX_INCREMENT_S} seconds"
                    )));
                }
            }
            TimeControl::Correspondence { days_per_move } => {
                if !(1..=MAX_DAYS).contains(&days_per_move) {
                    return Err(Refusal::invalid(format!(
                        "clock.days_per_move {days_per_move} is out of range: 1 to {MAX_DAYS}"
                    )));
                }
            }
        }
        Ok(self)
    }

    /// The time each side starts with, in milliseconds.
    pub fn initial_ms(self) -> u64 {
        match self {
            TimeControl::Fischer { initial_s, .. } => initial_s * 1000,
            TimeControl::Correspondence { days_per_move } => days_per_move * DAY_MS,
        }
    }

    /// The first-move window, in milliseconds.
    pub fn first_move_ms(self) -> u64 {
        match self {
            TimeControl::Fischer { .. } => FIRST_MOVE_MS,
            TimeControl::Correspondence { .. } => FIRST_MOVE_DAYS_MS,
        }
    }

    /// Whether this is a correspondence clock.
    pub fn is_correspondence(self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }

    /// In words: `5+3`, `3 days per move`.
    pub fn text(self) -> String {
        match self {
            TimeControl::Fischer {
                initial_s,
                increment_s,
            } if initial_s % 60 == 0 => format!("{}+{increment_s}", initial_s / 60),
            TimeControl::Fischer {
                initial_s,
                increment_s,
            } => format!("{initial_s} s+{increment_s}"),
            TimeControl::Correspondence { days_per_move: 1 } => "1 day per move".to_string(),
            TimeControl::Correspondence { days_per_move } => {
                format!("{days_per_move} days per move")
            }
        }
    }
}

/// A game's clock (stored as JSON in the game's row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Remaining milliseconds `[South, North]`; for the running side, as at `since_ms`.
    pub remaining_ms: [u64; 2],
    /// The side whose clock runs (`None` before both sides moved, or once over).
    #[serde(with = "side_text")]
    pub running: Option<Side>,
    /// Unix milliseconds when the running side's clock (or the first-move window)
    /// started.
    pub since_ms: u64,
    /// A tournament game's clock: a side that does not make its first move within the
    /// window ([`Clock::first_move_ms`]) loses on time ([`Due::NoShow`]) instead of the
    /// game being aborted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_show_loses: bool,
}

/// `Option<Side>` as `"South"`, `"North"` or `null`.
mod side_text {
    use bao_rules::Side;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(side: &Option<Side>, s: S) -> Result<S::Ok, S::Error> {
        match side {
            Some(side) => s.serialize_some(&side.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Side>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(t) => Side::parse(&t)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("{t:?} is not a side"))),
        }
    }
}

/// What happens at a clock's deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// This side's flag falls: it loses on time.
    Flag(Side),
    /// The side to move made no first move: the game is aborted.
    Abort,
    /// The side to move made no first move in a tournament game: it loses on time.
    NoShow,
}

impl Clock {
    /// A clock of `control` for a new game, its first-move window opening at `now_ms`.
    pub fn new(control: TimeControl, now_ms: u64) -> Clock {
        let t = control.initial_ms();
        Clock {
            control,
            remaining_ms: [t, t],
            running: None,
            since_ms: now_ms,
            no_show_loses: false,
        }
    }

    /// A tournament game's clock ([`Clock::no_show_loses`]): a side that does not make
    /// its first move within the window loses on time; the window is the usual one or
    /// the initial time, whichever is shorter (a no-show waits no longer than his whole
    /// clock would last).
    pub fn for_tournament(control: TimeControl, now_ms: u64) -> Clock {
        Clock {
            no_show_loses: true,
            ..Clock::new(control, now_ms)
        }
    }

    /// The time the side to move has for its first move (before both sides moved).
    pub fn first_move_ms(&self) -> u64 {
        if self.no_show_loses {
            self.control.first_move_ms().min(self.control.initial_ms())
        } else {
            self.control.first_move_ms()
        }
    }

    /// The deadline (Unix ms) and what falls at it, for a game not over with `plies`
    /// moves played.
    pub fn deadline(&self, plies: usize) -> (u64, Due) {
        match self.running {
            Some(side) => (
                self.since_ms
                    .saturating_add(self.remaining_ms[side.index()]),
                Due::Flag(side),
            ),
            None if plies < 2 => (
                self.since_ms.saturating_add(self.first_move_ms()),
                if self.no_show_loses {
                    Due::NoShow
                } else {
                    Due::Abort
                },
            ),
            // Not running past the first moves only once the game is over.
            None => (u64::MAX, Due::Abort),
        }
    }

    /// What is due at `now_ms`, if the deadline has passed.
    pub fn due(&self, plies: usize, now_ms: u64) -> Option<Due> {
        let (at, due) = self.deadline(plies);
        (now_ms >= at).then_some(due)
    }

    /// Remaining milliseconds of each side at `now_ms` (the running side's counting down).
    pub fn remaining_at(&self, now_ms: u64) -> [u64; 2] {
        let mut r = self.remaining_ms;
        if let Some(side) = self.running {
            let spent = now_ms.saturating_sub(self.since_ms);
            r[side.index()] = r[side.index()].saturating_sub(spent);
        }
        r
    }

    /// `mover` made a move at `now_ms`, which leaves `plies_after` moves played.
    pub fn after_move(&mut self, mover: Side, plies_after: usize, now_ms: u64) {
        let i = mover.index();
        if self.running == Some(mover) {
            self.remaining_ms = self.remaining_at(now_ms);
            match self.control {
                TimeControl::Fischer { increment_s, .. } => {
                    self.remaining_ms[i] = self.remaining_ms[i].saturating_add(increment_s * 1000)
                }
                TimeControl::Correspondence { .. } => {
                    self.remaining_ms[i] = self.control.initial_ms()
                }
            }
        }
        self.running = (plies_after >= 2).then_some(mover.opponent());
        self.since_ms = now_ms;
    }

    /// Stops the clock at `now_ms` (the game is over): the running side's time is taken.
    pub fn stop(&mut self, now_ms: u64) {
        self.remaining_ms = self.remaining_at(now_ms);
        self.running = None;
        self.since_ms = now_ms;
    }

    /// After a restart: the clock was last known running at `alive_ms` (the server's last
    /// sign of life) and the server starts again at `now_ms`. The time between is not
    /// charged: the clock goes on from `now_ms` with what it had at `alive_ms`.
    pub fn resume(&mut self, alive_ms: u64, now_ms: u64) {
        let counted = alive_ms.max(self.since_ms).saturating_sub(self.since_ms);
        self.since_ms = now_ms.saturating_sub(counted);
    }
}

/// The clock in a game's state.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ClockJson {
    /// South's remaining milliseconds now.
    pub south_ms: u64,
    /// North's remaining milliseconds now.
    pub north_ms: u64,
    /// `South`, `North`, or `null` when no clock runs.
    pub running: Option<String>,
    /// The time control as given.
    pub control: TimeControl,
    /// The time control in words (`5+3`, `3 days per move`).
    pub text: String,
    /// Before both sides moved: milliseconds left for the side to move to make its first
    /// move before the game is aborted.
    pub abort_in_ms: Option<u64>,
    /// Before both sides moved in a tournament game: milliseconds left for the side to
    /// move to make its first move before it loses on time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_show_in_ms: Option<u64>,
}

impl Clock {
    /// The JSON at `now_ms` for a game with `plies` moves, over or not.
    pub fn json(&self, plies: usize, over: bool, now_ms: u64) -> ClockJson {
        let r = self.remaining_at(now_ms);
        let window = |due| match self.deadline(plies) {
            (at, d) if d == due && !over && self.running.is_none() && plies < 2 => {
                Some(at.saturating_sub(now_ms))
            }
            _ => None,
        };
        let (abort_in_ms, no_show_in_ms) = (window(Due::Abort), window(Due::NoShow));
        ClockJson {
            south_ms: r[0],
            north_ms: r[1],
            running: self.running.map(|s| s.to_string()),
            control: self.control,
            text: self.control.text(),
            abort_in_ms,
            no_show_in_ms,
        }
    }
}

/// Unix milliseconds now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: TimeControl = TimeControl::Fischer {
        initial_s: 4,
        increment_s: 2,
    };

    #[test]
    fn clocks_start_after_both_first_moves_and_add_the_increment() {
        let mut c = Clock::new(F, 1_000);
        assert_eq!(c.deadline(0), (31_000, Due::Abort));
        c.after_move(Side::South, 1, 5_000);
        assert_eq!((c.running, c.deadline(1)), (None, (35_000, Due::Abort)));
        c.after_move(Side::North, 2, 9_000);
        assert_eq!(c.remaining_ms, [4_000, 4_000], "no clock ran yet");
        assert_eq!(c.deadline(2), (13_000, Due::Flag(Side::South)));
        c.after_move(Side::South, 3, 10_500);
        assert_eq!(c.remaining_ms, [4_500, 4_000]);
        assert_eq!(c.due(3, 14_499), None);
        assert_eq!(c.due(3, 14_500), Some(Due::Flag(Side::North)));
        assert_eq!(c.remaining_at(12_500), [4_500, 2_000]);
    }

    #[test]
    fn a_tournament_no_show_loses_within_the_shorter_of_the_window_and_his_time() {
        let mut c = Clock::for_tournament(F, 1_000);
        assert_eq!(c.deadline(0), (5_000, Due::NoShow), "4 s, not 30 s");
        assert_eq!(c.json(0, false, 2_000).no_show_in_ms, Some(3_000));
        assert_eq!(c.json(0, false, 2_000).abort_in_ms, None);
        c.after_move(Side::South, 1, 2_000);
        assert_eq!(c.deadline(1), (6_000, Due::NoShow));
        c.after_move(Side::North, 2, 3_000);
        assert_eq!(c.deadline(2), (7_000, Due::Flag(Side::South)));
        let long = TimeControl::Fischer {
            initial_s: 600,
            increment_s: 0,
        };
        assert_eq!(Clock::for_tournament(long, 0).deadline(0).0, FIRST_MOVE_MS);
        // Stored as JSON and read back; an ordinary clock's JSON is as before.
        let text = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<Clock>(&text).unwrap(), c);
        assert!(!serde_json::to_string(&Clock::new(F, 0))
            .unwrap()
            .contains("no_show"));
    }

    #[test]
    fn correspondence_sets_the_days_back_and_restarts_skip_the_downtime() {
        let mut c = Clock::new(TimeControl::Correspondence { days_per_move: 2 }, 0);
        c.after_move(Side::South, 1, 10);
        c.after_move(Side::North, 2, 20);
        c.after_move(Side::South, 3, DAY_MS);
        assert_eq!(c.remaining_ms, [2 * DAY_MS, 2 * DAY_MS]);
        // Down from DAY_MS + 1000 to DAY_MS + 50 000: 49 s not charged.
        c.resume(DAY_MS + 1_000, DAY_MS + 50_000);
        assert_eq!(c.remaining_at(DAY_MS + 50_000)[1], 2 * DAY_MS - 1_000);
    }

    #[test]
    fn requests_are_checked() {
        assert!(TimeControl::Fischer {
            initial_s: 0,
            increment_s: 0
        }
        .check()
        .is_err());
        let c: TimeControl = serde_json::from_str(r#"{"days_per_move": 3}"#).unwrap();
        assert_eq!(c.text(), "3 days per move");
        let f: TimeControl =
            serde_json::from_str(r#"{"initial_s": 300, "increment_s": 3}"#).unwrap();
        assert_eq!(f.text(), "5+3");
    }
}
