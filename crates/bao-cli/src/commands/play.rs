//! `bao play` and `bao replay`: a game in the terminal, a record step by step.

use super::*;

/// Play against the computer in the terminal (Bao la Kiswahili by default).
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game: kiswahili or kingulu (default kiswahili, or the game of --load).
    #[arg(long, short)]
    pub game: Option<GameKind>,
    /// The rules profile (kiswahili: mancala-world, de-voogt, kiba, kujifunza; kingulu: default).
    #[arg(long)]
    pub rules: Option<String>,
    /// A rule option NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The computer's strength, 1 (weakest: one ply ahead, misses captures) to 10
    /// (strongest) [default: 5, or the level of --load's record]; each game has its own
    /// levels (docs/levels.md). Measured Elo (level 1 = 0): Bao la Kiswahili 2 ≈ 230,
    /// 3 ≈ 660, 4 ≈ 890, 5 ≈ 1070, 6 ≈ 1310, 7 ≈ 1510, 8 ≈ 1900, 9 ≈ 1950, 10 ≈ 2010;
    /// Bao Kingulu 2 ≈ 90, 3 ≈ 180, 4 ≈ 250, 5 ≈ 340, 6 ≈ 390, 7 ≈ 460, 8 ≈ 530,
    /// 9 ≈ 620, 10 ≈ 690 (perfect play wherever the solver proves the position).
    #[arg(long, short, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Your side: south (moves first, bottom of the board) or north [default: south,
    /// or your side in --load's record].
    #[arg(long, short, value_parser = parse_side)]
    pub side: Option<Side>,
    /// Plain text: no colours, no spinner (automatic when not on a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Continue a saved game (a record written by `save FILE`).
    #[arg(long, value_name = "FILE")]
    pub load: Option<String>,
    /// The engine's random seed (for reproducible games).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from this position text instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// With --load: which game of a file holding several (1 = the first).
    #[arg(long, requires = "load")]
    pub number: Option<usize>,
    /// On a terminal, the pause after each lap of an animated move, in milliseconds
    /// (0 = no animation; any key skips to the end of a move).
    #[arg(long, value_name = "MS", default_value_t = bao_cli::play::DEFAULT_LAP_DELAY_MS,
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub lap_delay: u64,
    /// Bao Kingulu: a value database (`bao reach --position TEXT --values FILE`) that
    /// the oracle, hints and the tutor read beside the opening book.
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
    /// The language of the game: sw (Kiswahili) or en (English); en-XA is the
    /// pseudo-locale for testing [default: from LC_ALL, LC_MESSAGES or LANG
    /// (sw_TZ.UTF-8, sw_KE.UTF-8, sw: Kiswahili), else English].
    #[arg(long, value_name = "LANG", value_parser = bao_i18n::Lang::from_tag)]
    pub lang: Option<bao_i18n::Lang>,
}

/// Step through a saved game move by move and lap by lap (Enter = next move, l = next
/// lap, b = back, N = move N, q = quit).
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The record file.
    pub file: String,
    /// Plain text: no colours or animation (automatic when not on a terminal). When
    /// the input ends, the rest of the game is printed.
    #[arg(long)]
    pub plain: bool,
    /// Which game of a file holding several (1 = the first).
    #[arg(long)]
    pub number: Option<usize>,
    /// On a terminal, the pause after each lap of a move, in milliseconds (0 = none).
    #[arg(long, value_name = "MS", default_value_t = bao_cli::play::DEFAULT_LAP_DELAY_MS,
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub lap_delay: u64,
    /// The language: sw (Kiswahili) or en (English) [default: from LC_ALL, LC_MESSAGES
    /// or LANG, else English].
    #[arg(long, value_name = "LANG", value_parser = bao_i18n::Lang::from_tag)]
    pub lang: Option<bao_i18n::Lang>,
}

/// Runs `bao play`.
pub fn run_play(args: PlayArgs) -> Result<()> {
    let PlayArgs {
        game,
        rules,
        set,
        level,
        side,
        plain,
        load,
        seed,
        position,
        number,
        lap_delay,
        values,
        lang,
    } = args;
    // `--lang` beats LC_ALL, LC_MESSAGES and LANG (read once, at the start).
    bao_cli::i18n::set_lang(lang.unwrap_or_else(bao_i18n::Lang::from_env));
    if let Some(file) = &values {
        bao_cli::solve::install_values(file)?;
    }
    let opts = bao_cli::play::PlayOptions {
        human: side.unwrap_or(Side::South),
        level: level.unwrap_or(5),
        side_given: side.is_some(),
        level_given: level.is_some(),
        seed,
        plain: plain || !bao_cli::play::is_terminal(),
        interactive: std::io::stdin().is_terminal(),
        lap_delay_ms: lap_delay,
        sandbox: false,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    match load {
        Some(file) => {
            if rules.is_some() || !set.is_empty() || position.is_some() {
                bail!("--load takes the rules and position from the record: drop --rules/--set/--position");
            }
            let (found, text) = bao_cli::play::read_record_file(&file, number)?;
            let name = bao_cli::play::record_game(&file, found, game)?;
            with_game!(name, G => play_loaded::<G>(&file, &text, opts, &mut input))
        }
        None => {
            let name = game.unwrap_or(GameKind::Kiswahili);
            with_game!(
                name,
                G => play_new::<G>(
                    rules.as_deref(),
                    &set,
                    position.as_deref(),
                    opts,
                    &mut input
                )
            )
        }
    }
}

/// Runs `bao replay`.
pub fn run_replay(args: ReplayArgs) -> Result<()> {
    let ReplayArgs {
        file,
        plain,
        number,
        lap_delay,
        lang,
    } = args;
    bao_cli::i18n::set_lang(lang.unwrap_or_else(bao_i18n::Lang::from_env));
    let (name, text) = bao_cli::play::read_record_file(&file, number)?;
    let screen = bao_cli::play::Screen::new(plain || !bao_cli::play::is_terminal(), lap_delay);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    with_game!(name, G => replay_file::<G>(&file, &text, &screen, &mut input))
}

fn play_new<G: bao_engine::solve::Solvable>(
    rules: Option<&str>,
    set: &[String],
    position: Option<&str>,
    opts: bao_cli::play::PlayOptions,
    input: &mut dyn std::io::BufRead,
) -> Result<()> {
    let rules = make_rules::<G>(rules, set)?;
    let start: G = make_position(&rules, position)?;
    bao_cli::play::play(start, None, opts, input)
}

fn play_loaded<G: bao_engine::solve::Solvable>(
    file: &str,
    text: &str,
    opts: bao_cli::play::PlayOptions,
    input: &mut dyn std::io::BufRead,
) -> Result<()> {
    let line = bao_cli::play::load_line::<G>(file, text)?;
    let start = line.start().clone();
    println!(
        "{}",
        bao_cli::t!(
            "loaded",
            file = bao_cli::play::quote_file(file),
            moves = bao_cli::play::flow::moves_text(bao_cli::play::flow::moves_played(&line))
        )
    );
    bao_cli::play::play(start, Some(line), opts, input)
}

fn replay_file<G: Game>(
    file: &str,
    text: &str,
    screen: &bao_cli::play::Screen,
    input: &mut dyn std::io::BufRead,
) -> Result<()> {
    let line = bao_cli::play::load_line::<G>(file, text)?;
    bao_cli::play::replay::replay(
        &line,
        screen,
        input,
        std::io::stdin().is_terminal(),
        std::io::stdout().is_terminal(),
    )
}
