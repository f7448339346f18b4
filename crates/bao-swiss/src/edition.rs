//! Which text of the FIDE Dutch system (Handbook C.04.3) pairs a tournament.
//!
//! - [`Edition::Dutch2025`], the default: the revision FIDE approved in 2025, in force
//!   since 1 February 2026 (the Handbook's "C.04.3 FIDE (Dutch) System, effective from
//!   1 February 2026"; criteria [C1]–[C21]); bbpPairings v6.0.0 implements it.
//! - [`Edition::Dutch2017`]: the rules of Baku 2016 with the Goynuk 2017 additions
//!   (criteria C.1–C.19), in force until 31 January 2026; bbpPairings v5.0.1 and
//!   JaVaFo 2 implement them.
//!
//! A TRF-2026 file names its system on its `192` line: `FIDE_DUTCH_2025` (or
//! `FIDE_DUTCH`, the one in force) for the 2025 rules, as bbpPairings v6 reads it;
//! this crate also reads and writes `FIDE_DUTCH_2017` for the older ones.

use std::fmt;
use std::str::FromStr;

/// An edition of the Dutch system's rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// C.04.3 as of 2017 (Baku 2016, Goynuk 2017), in force until 31 January 2026.
    Dutch2017,
    /// C.04.3 as revised in 2025, in force since 1 February 2026: the default.
    #[default]
    Dutch2025,
}

impl Edition {
    /// Every edition, oldest first.
    pub const ALL: [Edition; 2] = [Edition::Dutch2017, Edition::Dutch2025];

    /// The year that names it: `"2017"` or `"2025"`.
    pub fn year(self) -> &'static str {
        match self {
            Edition::Dutch2017 => "2017",
            Edition::Dutch2025 => "2025",
        }
    }

    /// The TRF-2026 tournament-type code (the `192` line) this crate writes.
    pub fn trf_code(self) -> &'static str {
        match self {
            Edition::Dutch2017 => "FIDE_DUTCH_2017",
            Edition::Dutch2025 => "FIDE_DUTCH_2025",
        }
    }

    /// The edition a TRF-2026 tournament-type code names, if it is a Dutch code
    /// without acceleration: `FIDE_DUTCH`, `FIDE_DUTCH_2025`, `FIDE_DUTCH_2026` (the
    /// rules in force) or `FIDE_DUTCH_2017`.
    pub fn from_trf_code(code: &str) -> Option<Edition> {
        match code {
            "FIDE_DUTCH" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => Some(Edition::Dutch2025),
            "FIDE_DUTCH_2017" => Some(Edition::Dutch2017),
            _ => None,
        }
    }
}

impl fmt::Display for Edition {
    /// `2017` or `2025`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.year())
    }
}

/// An edition name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown edition {0:?} of the Dutch rules: 2017 or 2025")]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;

    /// `2017` or `2025` (also `2026`, the year the 2025 rules came into force).
    fn from_str(s: &str) -> Result<Edition, UnknownEdition> {
        match s.trim() {
            "2017" => Ok(Edition::Dutch2017),
            "2025" | "2026" => Ok(Edition::Dutch2025),
            other => Err(UnknownEdition(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_the_default_is_the_rules_in_force() {
        for e in Edition::ALL {
            assert_eq!(e.year().parse::<Edition>(), Ok(e));
            assert_eq!(Edition::from_trf_code(e.trf_code()), Some(e));
        }
        assert_eq!(Edition::default(), Edition::Dutch2025);
        assert_eq!(
            Edition::from_trf_code("FIDE_DUTCH"),
            Some(Edition::Dutch2025)
        );
        assert_eq!(Edition::from_trf_code("FIDE_DUTCH_BAKU"), None);
        assert_eq!(
            "2016".parse::<Edition>().unwrap_err().to_string(),
            "unknown edition \"2016\" of the Dutch rules: 2017 or 2025"
        );
    }
}
