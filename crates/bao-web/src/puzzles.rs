//! The puzzles page and its API (docs/web.md, docs/puzzles.md): `GET /puzzles` (the page,
//! `static/puzzles.html`), `GET /api/puzzles?game=G` (the shipped set of a game: the same
//! objects as `bao puzzle list --json`) and `GET /api/puzzles/{game}/{n}` (one puzzle with
//! its board, legal moves and the solution line traced for the animation).
//!
//! The sets are the ones embedded in `bao_engine::puzzle` (parsed once); nothing here
//! keeps state or does work that grows with a request.
//!
//! A puzzle's task, answer, theme and end go out in English (`task`, `answer`, …, for
//! other clients) and as catalogue sentences (`task_say`, …: the terminal's `puzzle-*`
//! messages, key and arguments), which the page says in its own language, as it says a
//! move's steps (docs/i18n.md): the answer is the same for every language.

use crate::games::view::{
    describe_move, hole_places, played_json, shares_start, BoardJson, MoveJson, PlayedJson,
};
use crate::http::error::ApiError;
use crate::i18n::Said;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use bao_engine::puzzle::{shipped, Puzzle, PuzzleSet};
use bao_rules::{Game, GameKind, GameLine};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The routes of this module, to merge into the app's router.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/puzzles", get(page))
        .route("/api/puzzles", get(list))
        .route("/api/puzzles/:game/:n", get(one))
}

/// One puzzle as in `bao puzzle list --json`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PuzzleItem {
    /// The number in its set, from 1.
    pub number: usize,
    /// The rules profile.
    pub rules: String,
    /// The position text (notation.md §2).
    pub position: String,
    /// `South` or `North`: the side to move.
    pub side: String,
    /// The solution move.
    pub solution: String,
    /// The solution line, the solution first.
    pub line: Vec<String>,
    /// The claimed result (`only win in 4`, `win within 5`, `best score 26-22`).
    pub result: String,
    /// The theme word.
    pub theme: String,
    /// 1 to 5.
    pub difficulty: u8,
}

impl From<&Puzzle> for PuzzleItem {
    fn from(p: &Puzzle) -> Self {
        PuzzleItem {
            number: p.number,
            rules: p.rules.clone(),
            position: p.position.clone(),
            side: p.side.to_string(),
            solution: p.solution.clone(),
            line: p.line.clone(),
            result: p.result.to_string(),
            theme: p.theme.clone(),
            difficulty: p.difficulty,
        }
    }
}

/// One puzzle for the page: [`PuzzleItem`] and what the page shows and animates.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PuzzleJson {
    /// `kiswahili` or `kingulu`.
    pub game: &'static str,
    /// How many puzzles the set has.
    pub count: usize,
    /// The puzzle.
    #[serde(flatten)]
    pub puzzle: PuzzleItem,
    /// What to find: `South to move: find the only move that wins (a win in 4 plies).`
    pub task: String,
    /// Why the solution is right (`it is the only winning move: a win in 4 plies`).
    pub answer: String,
    /// What is true of every other move (`does not win: with best play it draws or loses`).
    pub why_wrong: String,
    /// The board of the position.
    pub board: BoardJson,
    /// The legal moves, as the game page offers them.
    pub moves: Vec<MoveJson>,
    /// Every move of the solution line traced, for the animation.
    pub played: Vec<PlayedJson>,
    /// How the line ends (`South wins: the seeds were counted, South 26–22`), or `null`
    /// when it stops before the end of the game.
    pub end: Option<String>,
    /// [`PuzzleJson::task`] as a catalogue sentence (`puzzle-task-*`, the terminal's), for
    /// the page to say in its language (`say()` of i18n.js).
    pub task_say: Said,
    /// [`PuzzleJson::answer`] as a catalogue sentence (`puzzle-answer-*`).
    pub answer_say: Said,
    /// [`PuzzleJson::why_wrong`] as a catalogue sentence (`puzzle-why-*`).
    pub why_wrong_say: Said,
    /// The theme's name (`puzzle-theme-*`); `null` for a theme this version has no words
    /// for (the page shows `theme` as it is).
    pub theme_say: Option<Said>,
    /// [`PuzzleJson::end`] as a catalogue sentence (the `end-*` messages), or `null`.
    pub end_say: Option<Said>,
}

pub use bao_i18n::game::{answer_said, task_said, theme_said, why_wrong_said};

/// The parsed shipped sets.
fn sets() -> &'static [(GameKind, PuzzleSet); 2] {
    static SETS: OnceLock<[(GameKind, PuzzleSet); 2]> = OnceLock::new();
    SETS.get_or_init(|| {
        GameKind::ALL.map(|g| {
            (
                g,
                PuzzleSet::parse(shipped(g.name()).unwrap_or("")).unwrap_or_default(),
            )
        })
    })
}

/// The set of `game`; an unknown name is a `status` error naming it.
fn set_of(game: &str, status: StatusCode) -> Result<(GameKind, &'static PuzzleSet), ApiError> {
    sets()
        .iter()
        .find(|(g, _)| g.name() == game)
        .map(|(g, s)| (*g, s))
        .ok_or_else(|| {
            ApiError::new(
                status,
                format!(
                    "unknown game {}: expected {}",
                    crate::http::error::clip(game),
                    crate::kinds::plain()
                ),
            )
        })
}

/// `GET /puzzles`: the page.
async fn page(crate::i18n::ReqLang(lang): crate::i18n::ReqLang) -> Response {
    crate::assets::page_in("puzzles.html", lang)
}

/// `GET /api/puzzles?game=G` (default `kiswahili`): every puzzle of the set; 400 for an
/// unknown game.
async fn list(Query(q): Query<HashMap<String, String>>) -> Result<Json<Vec<PuzzleItem>>, ApiError> {
    let game = q
        .get("game")
        .map_or(GameKind::Kiswahili.name(), String::as_str);
    let (_, set) = set_of(game, StatusCode::BAD_REQUEST)?;
    Ok(Json(
        set.puzzles
            .iter()
            .map(|(_, p)| PuzzleItem::from(p))
            .collect(),
    ))
}

/// `GET /api/puzzles/{game}/{n}`: puzzle `n` (from 1) with its board, moves and traced
/// line; 404 for an unknown game or number.
async fn one(Path((game, n)): Path<(String, String)>) -> Result<Json<PuzzleJson>, ApiError> {
    let (kind, set) = set_of(&game, StatusCode::NOT_FOUND)?;
    let name = kind.name();
    let p = n
        .parse::<usize>()
        .ok()
        .and_then(|k| set.get(k))
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!(
                    "no puzzle {} in the {name} set: it has puzzles 1 to {}",
                    crate::http::error::clip(&n),
                    set.len()
                ),
            )
        })?;
    let json = bao_rules::with_game!(kind, G => puzzle_json::<G>(name, set.len(), p));
    json.map(Json).map_err(ApiError::internal)
}

/// The page's JSON of puzzle `p` of game `G`.
///
/// # Errors
/// A puzzle whose position or line does not read (never for the shipped sets: their test
/// verifies them).
pub fn puzzle_json<G: Game>(
    game: &'static str,
    count: usize,
    p: &Puzzle,
) -> Result<PuzzleJson, String> {
    let pos: G = p.position_of()?;
    let view = pos.view();
    let places = hole_places(&view);
    let moves = pos
        .moves()
        .into_iter()
        .map(|m| {
            let from = crate::games::view::start_hole(&pos.move_text(m), &places);
            describe_move(&pos, m, &places, shares_start(&pos, &from, &places))
        })
        .collect();
    let mut line = GameLine::new(pos.clone());
    let mut played = Vec::new();
    for t in &p.line {
        let before = line.current().clone();
        let mv = before
            .parse_move(t)
            .map_err(|e| format!("puzzle {}: {}", p.number, e.message))?;
        let events = line
            .play_traced(mv)
            .map_err(|e| format!("puzzle {}: {e}", p.number))?;
        played.push(played_json(&before, mv, &events, None));
    }
    Ok(PuzzleJson {
        game,
        count,
        puzzle: PuzzleItem::from(p),
        task: p.task(),
        answer: p.answer(),
        why_wrong: p.why_wrong(),
        board: BoardJson::from(&view),
        moves,
        played,
        end: line.end_sentence(),
        task_say: task_said(p),
        answer_say: answer_said(p),
        why_wrong_say: why_wrong_said(p),
        theme_say: theme_said(&p.theme),
        end_say: crate::i18n::end_said(&line, false),
    })
}
