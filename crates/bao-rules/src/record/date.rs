//! The `Date` tag: dates from seconds since 1970 (the caller reads the clock).

/// The `[Date]` tag value (`YYYY.MM.DD`, UTC) for a time given in seconds since
/// 1970-01-01 (the caller reads the clock; this crate does no I/O).
pub fn date_tag(unix_secs: u64) -> String {
    let (y, m, d) = civil_date(unix_secs);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Seconds since 1970-01-01 (UTC) → (year, month 1–12, day 1–31) in the proleptic
/// Gregorian calendar (H. Hinnant's `civil_from_days`).
///
/// ```
/// use bao_rules::record::{civil_date, date_tag};
/// assert_eq!(civil_date(0), (1970, 1, 1));
/// assert_eq!(civil_date(20_786 * 86_400 + 86_399), (2026, 11, 29));
/// assert_eq!(civil_date(11_016 * 86_400), (2000, 2, 29));
/// assert_eq!(date_tag(20_786 * 86_400), "2026.11.29");
/// ```
pub fn civil_date(unix_secs: u64) -> (i64, u32, u32) {
    let z = (unix_secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}
