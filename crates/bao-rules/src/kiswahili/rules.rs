//! Rule options (K-§3.3) and named profiles (K-§3.5) of Bao la Kiswahili.

use crate::{OptionError, RuleSet, Side};

/// A named profile (K-§3.5): a preset of the options and, for `kujifunza`, a start position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Profile {
    /// `mancala-world`: the seed documents / Mancala World text (the default).
    #[default]
    MancalaWorld,
    /// `de-voogt`: takasia singleton exempt, no first-lap-from-nyumba exception.
    DeVoogt,
    /// `kiba`: KIBA club rules, no first-lap-from-nyumba exception.
    Kiba,
    /// `kujifunza`: the teaching game; 2 seeds in every hole, stores 0, both nyumbas lost,
    /// takasia off.
    Kujifunza,
}

impl Profile {
    /// Every profile, default first.
    pub const ALL: [Profile; 4] = [
        Profile::MancalaWorld,
        Profile::DeVoogt,
        Profile::Kiba,
        Profile::Kujifunza,
    ];

    /// The profile's name (`mancala-world`, `de-voogt`, `kiba`, `kujifunza`).
    pub fn name(self) -> &'static str {
        match self {
            Profile::MancalaWorld => "mancala-world",
            Profile::DeVoogt => "de-voogt",
            Profile::Kiba => "kiba",
            Profile::Kujifunza => "kujifunza",
        }
    }
}

/// OPT-NAMU-SINGLETON (K-R7.2): when singletons are eligible namua takata starts although a
/// hole with ≥ 2 seeds exists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NamuSingleton {
    /// Only while the nyumba is functional (owned ∧ ≥ threshold). Default.
    #[default]
    WhenFunctional,
    /// While the nyumba is owned, even dormant (Donkers as read by nkkmd; BGA code).
    WhenOwned,
}

/// OPT-FUNCTIONAL-CHECK (K-R8.3): when the ≥ threshold test of the lap-end nyumba stop is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FunctionalCheck {
    /// The count after the arriving seed. Default.
    #[default]
    OnArrival,
    /// The count at the start of the move, before the store seed (BGA code).
    MoveStartSnapshot,
}

/// OPT-NAMU-SAFARI (K-R8.4): a namua capture lap ending in the functional nyumba.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NamuSafari {
    /// The mover chooses stop or safari (two legal moves). Default.
    #[default]
    Optional,
    /// Safari is compulsory (no decision, no `+`).
    Compulsory,
}

/// OPT-MTAJI-NYUMBA (K-R8.5): the nyumba's privileges in mtaji moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MtajiNyumba {
    /// No privileges except that a functional nyumba cannot be takasia'd. Default.
    #[default]
    Plain,
    /// The namua behaviour continues while the nyumba is functional.
    Persistent,
}

/// OPT-NYUMBA-LOSS-FIRST-MTAJI-CAPTURE (K-R8.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NyumbaLossFirstCapture {
    /// Ownership ends only when emptied or captured. Default.
    #[default]
    No,
    /// Also when its owner captures in a mtaji move.
    Owner,
    /// Both ownerships end at the first capture of a mtaji move by either player.
    Any,
}

/// OPT-TAKASIA-NYUMBA (K-R11.4 a): which nyumba is exempt from takasia.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TakasiaNyumba {
    /// A functional nyumba (owned ∧ ≥ threshold). Default.
    #[default]
    Functional,
    /// Any owned nyumba.
    Owned,
}

/// OPT-NEVER-ENDING-POLICY (K-R13.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NeverEndingPolicy {
    /// Never-ending moves are illegal and removed before the priority classes. Default.
    #[default]
    IllegalBeforePriority,
    /// Never-ending moves are legal and the mover loses when playing one.
    MoverLoses,
}

/// The rule options of Bao la Kiswahili (K-§3.3), one field per option, with the profile
/// they started from (K-§3.5). `Default` is the `mancala-world` profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The profile these options started from.
    pub profile: Profile,
    /// OPT-FIRST-PLAYER (K-§1.7): who moves first from the start position.
    pub first_player: Side,
    /// OPT-NAMU-SINGLETON (K-R7.2).
    pub namu_singleton: NamuSingleton,
    /// OPT-TAX-DORMANT (K-R7.2): a sole owned dormant nyumba is taxed instead of sown.
    pub tax_dormant: bool,
    /// OPT-TAX-ONLY-WHEN-SOLE (K-R8.4): the functional nyumba may start a namua takata (tax)
    /// only when it is the only occupied front hole. Off: the tax is always available.
    pub tax_only_when_sole: bool,
    /// OPT-FUNCTIONAL-THRESHOLD (K-R8.3): seeds for an owned nyumba to be functional (≥ 1).
    pub functional_threshold: u8,
    /// OPT-FUNCTIONAL-CHECK (K-R8.3).
    pub functional_check: FunctionalCheck,
    /// OPT-NAMU-SAFARI (K-R8.4).
    pub namu_safari: NamuSafari,
    /// OPT-MTAJI-NYUMBA (K-R8.5).
    pub mtaji_nyumba: MtajiNyumba,
    /// OPT-NYUMBA-LOSS-FIRST-MTAJI-CAPTURE (K-R8.2).
    pub nyumba_loss_first_mtaji_capture: NyumbaLossFirstCapture,
    /// OPT-TAKASIA (K-R11): the master switch.
    pub takasia: bool,
    /// OPT-TAKASIA-SINGLETON (K-R11.4 d): `true` = a one-seed target is exempt.
    pub takasia_singleton_exempt: bool,
    /// OPT-TAKASIA-NYUMBA (K-R11.4 a).
    pub takasia_nyumba: TakasiaNyumba,
    /// OPT-TAKASIA-FIRSTLAP-NYUMBA (K-R11.5): the first lap of a move from the owned nyumba
    /// does not stop in the takasia'd hole.
    pub takasia_firstlap_nyumba: bool,
    /// OPT-TAKASIA-BLOCKER-MUST-CAPTURE (K-R11.6).
    pub takasia_blocker_must_capture: bool,
    /// OPT-NEVER-ENDING-POLICY (K-R13.4).
    pub never_ending_policy: NeverEndingPolicy,
    /// OPT-NEVER-ENDING-GUARD (K-R13.3): laps after which a move counts as never-ending (≥ 1).
    pub never_ending_guard: u32,
    /// OPT-MAX-PLIES (K-R12.4): stored only; the play loop adjudicates.
    pub max_plies: Option<u32>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            profile: Profile::MancalaWorld,
            first_player: Side::South,
            namu_singleton: NamuSingleton::WhenFunctional,
            tax_dormant: false,
            tax_only_when_sole: true,
            functional_threshold: 6,
            functional_check: FunctionalCheck::OnArrival,
            namu_safari: NamuSafari::Optional,
            mtaji_nyumba: MtajiNyumba::Plain,
            nyumba_loss_first_mtaji_capture: NyumbaLossFirstCapture::No,
            takasia: true,
            takasia_singleton_exempt: false,
            takasia_nyumba: TakasiaNyumba::Functional,
            takasia_firstlap_nyumba: true,
            takasia_blocker_must_capture: false,
            never_ending_policy: NeverEndingPolicy::IllegalBeforePriority,
            never_ending_guard: 1_000_000,
            max_plies: None,
        }
    }
}

/// The option names in the fixed order of [`RuleSet::options`].
pub const OPTION_NAMES: [&str; 17] = [
    "first-player",
    "namu-singleton",
    "tax-dormant",
    "tax-only-when-sole",
    "functional-threshold",
    "functional-check",
    "namu-safari",
    "mtaji-nyumba",
    "nyumba-loss-first-mtaji-capture",
    "takasia",
    "takasia-singleton",
    "takasia-nyumba",
    "takasia-firstlap-nyumba",
    "takasia-blocker-must-capture",
    "never-ending-policy",
    "never-ending-guard",
    "max-plies",
];

fn on_off(b: bool) -> String {
    if b { "on" } else { "off" }.to_string()
}

/// Lower-case, without `-`, `_` and spaces: `WhenFunctional`, `when-functional` and
/// `when functional` all read the same.
fn norm(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

fn pick<T: Copy>(name: &str, value: &str, choices: &[(&str, T)]) -> Result<T, OptionError> {
    let v = norm(value);
    for (word, val) in choices {
        if norm(word) == v {
            return Ok(*val);
        }
    }
    let words: Vec<&str> = choices.iter().map(|c| c.0).collect();
    Err(OptionError {
        message: format!(
            "option {name}: unknown value {value:?}; expected one of {}",
            words.join(", ")
        ),
    })
}

fn number(name: &str, value: &str, min: u64, max: u64) -> Result<u64, OptionError> {
    match value.trim().replace('_', "").parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(OptionError {
            message: format!("option {name}: value {value:?} is not an integer in {min}..={max}"),
        }),
    }
}

const ON_OFF: [(&str, bool); 4] = [
    ("on", true),
    ("off", false),
    ("true", true),
    ("false", false),
];

impl RuleSet for Rules {
    fn profile_names() -> &'static [&'static str] {
        &["mancala-world", "de-voogt", "kiba", "kujifunza"]
    }

    fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    fn profile(name: &str) -> Result<Self, OptionError> {
        let n = norm(name);
        let profile = Profile::ALL
            .into_iter()
            .find(|p| norm(p.name()) == n)
            .ok_or_else(|| OptionError {
                message: format!(
                    "unknown rules profile {name:?}; known profiles: {}",
                    Self::profile_names().join(", ")
                ),
            })?;
        let mut r = Rules {
            profile,
            ..Rules::default()
        };
        match profile {
            Profile::MancalaWorld => {}
            Profile::DeVoogt => {
                r.takasia_singleton_exempt = true;
                r.takasia_firstlap_nyumba = false;
            }
            Profile::Kiba => r.takasia_firstlap_nyumba = false,
            Profile::Kujifunza => r.takasia = false,
        }
        Ok(r)
    }

    fn profile_name(&self) -> &'static str {
        self.profile.name()
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        let values = [
            match self.first_player {
                Side::South => "south",
                Side::North => "north",
            }
            .to_string(),
            match self.namu_singleton {
                NamuSingleton::WhenFunctional => "when-functional",
                NamuSingleton::WhenOwned => "when-owned",
            }
            .to_string(),
            on_off(self.tax_dormant),
            on_off(self.tax_only_when_sole),
            self.functional_threshold.to_string(),
            match self.functional_check {
                FunctionalCheck::OnArrival => "on-arrival",
                FunctionalCheck::MoveStartSnapshot => "move-start-snapshot",
            }
            .to_string(),
            match self.namu_safari {
                NamuSafari::Optional => "optional",
                NamuSafari::Compulsory => "compulsory",
            }
            .to_string(),
            match self.mtaji_nyumba {
                MtajiNyumba::Plain => "plain",
                MtajiNyumba::Persistent => "persistent",
            }
            .to_string(),
            match self.nyumba_loss_first_mtaji_capture {
                NyumbaLossFirstCapture::No => "no",
                NyumbaLossFirstCapture::Owner => "owner",
                NyumbaLossFirstCapture::Any => "any",
            }
            .to_string(),
            on_off(self.takasia),
            if self.takasia_singleton_exempt {
                "exempt"
            } else {
                "not-exempt"
            }
            .to_string(),
            match self.takasia_nyumba {
                TakasiaNyumba::Functional => "functional",
                TakasiaNyumba::Owned => "owned",
            }
            .to_string(),
            on_off(self.takasia_firstlap_nyumba),
            on_off(self.takasia_blocker_must_capture),
            match self.never_ending_policy {
                NeverEndingPolicy::IllegalBeforePriority => "illegal-before-priority",
                NeverEndingPolicy::MoverLoses => "mover-loses",
            }
            .to_string(),
            self.never_ending_guard.to_string(),
            match self.max_plies {
                None => "none".to_string(),
                Some(n) => n.to_string(),
            },
        ];
        OPTION_NAMES.into_iter().zip(values).collect()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let trimmed = name.trim();
        let bare = match trimmed.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("opt-") => &trimmed[4..],
            _ => trimmed,
        };
        let key = norm(bare);
        let Some(&canon) = OPTION_NAMES.iter().find(|n| norm(n) == key) else {
            return Err(OptionError {
                message: format!(
                    "unknown option {name:?}; known options: {}",
                    OPTION_NAMES.join(", ")
                ),
            });
        };
        let mut r = *self;
        match canon {
            "first-player" => {
                r.first_player = pick(
                    canon,
                    value,
                    &[("south", Side::South), ("north", Side::North)],
                )?
            }
            "namu-singleton" => {
                r.namu_singleton = pick(
                    canon,
                    value,
                    &[
                        ("when-functional", NamuSingleton::WhenFunctional),
                        ("when-owned", NamuSingleton::WhenOwned),
                    ],
                )?
            }
            "tax-dormant" => r.tax_dormant = pick(canon, value, &ON_OFF)?,
            "tax-only-when-sole" => r.tax_only_when_sole = pick(canon, value, &ON_OFF)?,
            "functional-threshold" => r.functional_threshold = number(canon, value, 1, 64)? as u8,
            "functional-check" => {
                r.functional_check = pick(
                    canon,
                    value,
                    &[
                        ("on-arrival", FunctionalCheck::OnArrival),
                        ("move-start-snapshot", FunctionalCheck::MoveStartSnapshot),
                    ],
                )?
            }
            "namu-safari" => {
                r.namu_safari = pick(
                    canon,
                    value,
                    &[
                        ("optional", NamuSafari::Optional),
                        ("compulsory", NamuSafari::Compulsory),
                    ],
                )?
            }
            "mtaji-nyumba" => {
                r.mtaji_nyumba = pick(
                    canon,
                    value,
                    &[
                        ("plain", MtajiNyumba::Plain),
                        ("persistent", MtajiNyumba::Persistent),
                    ],
                )?
            }
            "nyumba-loss-first-mtaji-capture" => {
                r.nyumba_loss_first_mtaji_capture = pick(
                    canon,
                    value,
                    &[
                        ("no", NyumbaLossFirstCapture::No),
                        ("owner", NyumbaLossFirstCapture::Owner),
                        ("any", NyumbaLossFirstCapture::Any),
                    ],
                )?
            }
            "takasia" => r.takasia = pick(canon, value, &ON_OFF)?,
            "takasia-singleton" => {
                r.takasia_singleton_exempt =
                    pick(canon, value, &[("not-exempt", false), ("exempt", true)])?
            }
            "takasia-nyumba" => {
                r.takasia_nyumba = pick(
                    canon,
                    value,
                    &[
                        ("functional", TakasiaNyumba::Functional),
                        ("owned", TakasiaNyumba::Owned),
                    ],
                )?
            }
            "takasia-firstlap-nyumba" => r.takasia_firstlap_nyumba = pick(canon, value, &ON_OFF)?,
            "takasia-blocker-must-capture" => {
                r.takasia_blocker_must_capture = pick(canon, value, &ON_OFF)?
            }
            "never-ending-policy" => {
                r.never_ending_policy = pick(
                    canon,
                    value,
                    &[
                        (
                            "illegal-before-priority",
                            NeverEndingPolicy::IllegalBeforePriority,
                        ),
                        ("mover-loses", NeverEndingPolicy::MoverLoses),
                    ],
                )?
            }
            "never-ending-guard" => {
                r.never_ending_guard = number(canon, value, 1, u32::MAX as u64)? as u32
            }
            "max-plies" => {
                r.max_plies = if norm(value) == "none" {
                    None
                } else {
                    Some(number(canon, value, 1, u32::MAX as u64)? as u32)
                }
            }
            _ => unreachable!("every name of OPTION_NAMES is handled"),
        }
        *self = r;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip() {
        for name in Rules::profile_names() {
            let r = Rules::profile(name).unwrap();
            let mut s = Rules::default();
            for (k, v) in r.options() {
                s.set_option(k, &v).unwrap();
            }
            assert_eq!(s.options(), r.options());
        }
        let mut r = Rules::default();
        r.set_option("OPT-TAKASIA-SINGLETON", "exempt").unwrap();
        assert!(r.takasia_singleton_exempt);
        r.set_option("namu-singleton", "WhenOwned").unwrap();
        assert_eq!(r.namu_singleton, NamuSingleton::WhenOwned);
        assert!(r.set_option("functional-threshold", "0").is_err());
        assert!(r.set_option("bogus", "1").is_err());
        assert_eq!(r.differences().len(), 2);
    }
}
