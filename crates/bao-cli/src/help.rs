//! `bao --help` in the player's language (issue 29): the commands' one-line summaries,
//! and the whole help of the commands a player uses (`play`, `replay`, `puzzle`,
//! `report`), through the catalogue, and the command line's parse errors
//! ([`parse_error`]). English keeps clap's own help (the doc comments) and errors.

use bao_i18n::Lang;
use clap::{Arg, Command};

use crate::t;

/// The language of `--help`: the value of a `--lang` anywhere in the arguments (`--lang
/// sw`, `--lang=sw`) when it names a language, else the environment's
/// ([`Lang::from_env`]).
pub fn lang_of_args(args: &[String]) -> Lang {
    let mut given = None;
    for (i, a) in args.iter().enumerate() {
        if let Some(v) = a.strip_prefix("--lang=") {
            given = Some(v.to_string());
        } else if a == "--lang" {
            given = args.get(i + 1).cloned();
        }
    }
    given
        .and_then(|tag| Lang::from_tag(&tag).ok())
        .unwrap_or_else(Lang::from_env)
}

/// `cmd` (the whole `bao` command) with its help in the current language
/// ([`crate::i18n::lang`]); unchanged in English.
pub fn localise(cmd: Command) -> Command {
    if crate::i18n::english() {
        return cmd;
    }
    let abouts = [
        ("engine", t!("cli-engine")),
        ("perft", t!("cli-perft")),
        ("analyze", t!("cli-analyze")),
        ("match", t!("cli-match")),
        ("tune", t!("cli-tune")),
        ("openings", t!("cli-openings")),
        ("solve", t!("cli-solve")),
        ("verify", t!("cli-verify")),
        ("book", t!("cli-book")),
        ("reach", t!("cli-reach")),
        ("serve", t!("cli-serve")),
        ("admin", t!("cli-admin")),
        ("swiss", t!("cli-swiss")),
        ("tournament", t!("cli-tournament")),
        ("train", t!("cli-train")),
    ];
    let mut cmd = headings(cmd, "bao <COMMAND>").about(t!("cli-about"));
    for (name, about) in abouts {
        cmd = cmd.mut_subcommand(name, |c| c.about(about));
    }
    let mut cmd = cmd
        .mut_subcommand("play", play)
        .mut_subcommand("replay", replay)
        .mut_subcommand("report", report)
        .mut_subcommand("puzzle", puzzle);
    // clap makes `--help`, `--version` and the `help` subcommands when the command is
    // built: build it last, then word them (their words only).
    cmd.build();
    let cmd = flags(cmd).mut_subcommand("help", |c| c.about(t!("cli-help-command")));
    let mut cmd = cmd.mut_subcommand("puzzle", |p| {
        p.mut_subcommand("help", |c| c.about(t!("cli-help-command")))
    });
    for name in ["play", "replay", "report", "puzzle"] {
        cmd = cmd.mut_subcommand(name, flags);
    }
    cmd
}

/// The words of a built command's `--help` and `--version` (if it has them).
fn flags(cmd: Command) -> Command {
    let has = |id: &str| cmd.get_arguments().any(|a| a.get_id() == id);
    let (help, version) = (has("help"), has("version"));
    let mut cmd = cmd;
    if help {
        cmd = cmd.mut_arg("help", |a| {
            a.help(t!("cli-help-flag")).help_heading(t!("cli-options"))
        });
    }
    if version {
        cmd = cmd.mut_arg("version", |a| {
            a.help(t!("cli-version-flag"))
                .help_heading(t!("cli-options"))
        });
    }
    cmd
}

/// The words clap puts around the arguments: the usage line, the headings, `--help`.
fn headings(cmd: Command, usage: &str) -> Command {
    let usage = usage
        .replace("<COMMAND>", &t!("cli-usage-command"))
        .replace("[OPTIONS]", &t!("cli-usage-options"));
    cmd.help_template(format!(
        "{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        t!("cli-usage")
    ))
    .override_usage(usage)
    .subcommand_help_heading(t!("cli-commands"))
    .mut_args(|a| {
        let heading = if a.is_positional() {
            t!("cli-arguments")
        } else {
            t!("cli-options")
        };
        a.help_heading(heading)
    })
}

/// Sets the help of argument `id` (its default, if any, is said in the text).
fn help(cmd: Command, id: &str, text: String) -> Command {
    cmd.mut_arg(id, |a: Arg| {
        let takes_value = a.get_action().takes_values();
        a.help(text).hide_default_value(takes_value)
    })
}

fn play(cmd: Command) -> Command {
    let cmd = headings(cmd, "bao play [OPTIONS]").about(t!("cli-play"));
    let cmd = help(cmd, "game", t!("cli-play-game"));
    let cmd = help(cmd, "rules", t!("cli-play-rules"));
    let cmd = help(cmd, "set", t!("cli-play-set"));
    let cmd = help(cmd, "level", t!("cli-play-level", table = elo_table()));
    let cmd = help(cmd, "side", t!("cli-play-side"));
    let cmd = help(cmd, "plain", t!("cli-play-plain"));
    let cmd = help(cmd, "load", t!("cli-play-load"));
    let cmd = help(cmd, "seed", t!("cli-play-seed"));
    let cmd = help(cmd, "position", t!("cli-play-position"));
    let cmd = help(cmd, "number", t!("cli-number"));
    let cmd = help(cmd, "lap_delay", t!("cli-play-lap-delay"));
    let cmd = help(cmd, "values", t!("cli-play-values"));
    help(cmd, "lang", t!("cli-lang"))
}

/// The measured Elo of each game's levels (`bao_engine::elo`): `Bao la Kiswahili 2 ≈
/// 230, 3 ≈ 660, …; Bao Kingulu 2 ≈ 94, …`.
fn elo_table() -> String {
    let game = |title: &str, table: &[Option<i32>; 10]| {
        let levels: Vec<String> = table
            .iter()
            .enumerate()
            .skip(1)
            .filter_map(|(i, e)| e.map(|e| format!("{} ≈ {e}", i + 1)))
            .collect();
        format!("{title} {}", levels.join(", "))
    };
    format!(
        "{}; {}",
        game("Bao la Kiswahili", &bao_engine::elo::KISWAHILI),
        game("Bao Kingulu", &bao_engine::elo::KINGULU)
    )
}

fn replay(cmd: Command) -> Command {
    let cmd = headings(cmd, "bao replay [OPTIONS] <FILE>").about(t!("cli-replay"));
    let cmd = help(cmd, "file", t!("cli-file"));
    let cmd = help(cmd, "plain", t!("cli-replay-plain"));
    let cmd = help(cmd, "number", t!("cli-number"));
    let cmd = help(cmd, "lap_delay", t!("cli-replay-lap-delay"));
    help(cmd, "lang", t!("cli-lang"))
}

fn report(cmd: Command) -> Command {
    let cmd = headings(cmd, "bao report [OPTIONS] <FILE>").about(t!("cli-report"));
    let cmd = help(cmd, "file", t!("cli-file"));
    let cmd = help(cmd, "number", t!("cli-number"));
    let cmd = help(cmd, "json", t!("cli-report-json"));
    let cmd = help(cmd, "svg", t!("cli-report-svg"));
    let cmd = help(cmd, "time", t!("cli-report-time"));
    let cmd = help(cmd, "depth", t!("cli-report-depth"));
    help(cmd, "lang", t!("cli-report-lang"))
}

fn puzzle(cmd: Command) -> Command {
    let cmd = headings(cmd, "bao puzzle [OPTIONS]").about(t!("cli-puzzle"));
    let cmd = help(cmd, "game", t!("cli-puzzle-game"));
    let cmd = help(cmd, "number", t!("cli-puzzle-number"));
    let cmd = help(cmd, "difficulty", t!("cli-puzzle-difficulty"));
    let cmd = help(cmd, "plain", t!("cli-puzzle-plain"));
    help(cmd, "lang", t!("cli-lang"))
        .mut_subcommand("list", |c| c.about(t!("cli-puzzle-list")))
        .mut_subcommand("verify", |c| c.about(t!("cli-puzzle-verify")))
        .mut_subcommand("build", |c| c.about(t!("cli-puzzle-build")))
}

/// A parse error of the command line (`clap`) in the current language: clap's own in
/// English (and for help and version, which are not errors); in another language the
/// kinds a player meets (an unknown option, a bad or missing value, an unknown command)
/// in the catalogue's words, then where to look (`--help`). `None`: show clap's.
pub fn parse_error(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if crate::i18n::english() {
        return None;
    }
    let get = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        Some(ContextValue::StyledStrs(v)) => v
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        Some(ContextValue::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let arg = get(ContextKind::InvalidArg);
    let mut lines = vec![match e.kind() {
        ErrorKind::UnknownArgument => t!("cli-err-unknown-argument", arg = arg),
        ErrorKind::InvalidSubcommand => {
            t!(
                "cli-err-unknown-command",
                command = get(ContextKind::InvalidSubcommand)
            )
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let said = t!(
                "cli-err-invalid-value",
                value = get(ContextKind::InvalidValue),
                arg = arg
            );
            // What the option takes, in words, for the options of the players' commands;
            // else the value parser's own reason (English).
            let name = arg.split([' ', '=']).next().unwrap_or("");
            let takes = match name {
                "--level" | "-l" => Some(t!("cli-takes-level")),
                "--side" | "-s" => Some(t!("cli-takes-side")),
                "--game" | "-g" => Some(t!("cli-takes-game")),
                "--lang" => Some(t!("cli-takes-lang")),
                "--lap-delay" => Some(t!("cli-takes-lap-delay")),
                "--difficulty" | "-d" => Some(t!("cli-takes-difficulty")),
                _ => None,
            };
            let why = std::error::Error::source(e).map(ToString::to_string);
            match (takes, why) {
                (Some(takes), _) => format!("{said}: {takes}"),
                (None, Some(why)) => format!("{said}: {why}"),
                (None, None) => said,
            }
        }
        ErrorKind::MissingRequiredArgument => t!("cli-err-missing", args = arg),
        ErrorKind::NoEquals | ErrorKind::TooManyValues | ErrorKind::TooFewValues => {
            t!("cli-err-value-shape", arg = arg)
        }
        ErrorKind::ArgumentConflict
            if [String::new(), arg.clone()].contains(&get(ContextKind::PriorArg)) =>
        {
            t!("cli-err-twice", arg = arg)
        }
        ErrorKind::ArgumentConflict => t!(
            "cli-err-conflict",
            arg = arg,
            other = get(ContextKind::PriorArg)
        ),
        _ => return None,
    }];
    let valid = get(ContextKind::ValidValue);
    if !valid.is_empty() {
        lines.push(format!("  {}", t!("cli-err-valid-values", values = valid)));
    }
    // Clap's suggestions, each quoted: 'replay' or 'play'.
    let quoted = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => vec![format!("'{s}'")],
        Some(ContextValue::Strings(v)) => v.iter().map(|s| format!("'{s}'")).collect(),
        _ => Vec::new(),
    };
    let mut suggested = quoted(ContextKind::SuggestedArg);
    suggested.extend(quoted(ContextKind::SuggestedSubcommand));
    if !suggested.is_empty() {
        let or = format!(" {} ", t!("cli-or"));
        lines.push(format!(
            "  {}",
            t!("cli-err-did-you-mean", suggestion = suggested.join(&or))
        ));
    }
    lines.push(t!("cli-err-more"));
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_language_of_the_help_comes_from_lang_first() {
        assert_eq!(
            lang_of_args(&args(&["bao", "play", "--lang", "sw"])),
            Lang::SW
        );
        assert_eq!(
            lang_of_args(&args(&["bao", "play", "--lang=sw-TZ"])),
            Lang::SW
        );
        assert_eq!(
            lang_of_args(&args(&["bao", "play", "--lang", "en"])),
            Lang::EN
        );
    }
}
