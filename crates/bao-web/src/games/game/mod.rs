//! [`WebGame`]: one game in the server over a [`GameLine`], generic over the game; its
//! checks of what a client sends (levels, rules within the server's work limits,
//! records), its construction (new, loaded, lobby, restored) and the JSON of its state.
//! Its [`LiveGame`] methods (what the routes call through `dyn LiveGame`) are in
//! `live_game`.

mod live_game;

use bao_engine::solve::Solvable;
use bao_engine::{format_info, hint, EngineConfig, Limits};
use bao_rules::{GameKind, GameLine, LineError, Player, RuleSet, Side};

use crate::clock::model::now_ms;
use crate::engines::EnginePool;
use crate::games::engine::proved_found;
use crate::games::model::*;
use crate::games::repo::GameRow;
use crate::games::view::{
    describe_move, hole_places, played_json, start_hole, BoardJson, HistoryJson, NamesJson,
    OutcomeJson, PlayersJson, StateJson,
};
use crate::http::error::{clip, clip_message};
use crate::refusal::Refusal;

/// A new lobby game of `game` under profile `rules` between `players` `[South, North]`:
/// an engine account plays as the computer at its level, any other account as a person
/// of that name.
///
/// # Errors
/// 422 for an unknown profile.
pub fn new_lobby_game(
    meta: Meta,
    game: GameKind,
    rules: &str,
    players: &[crate::accounts::Account; 2],
) -> Result<Box<dyn LiveGame>, Refusal> {
    Ok(bao_rules::with_game!(game, G => Box::new(WebGame::<G>::lobby(meta, rules, players)?)))
}

/// A game of type `G` in the server.
pub struct WebGame<G: Solvable> {
    line: GameLine<G>,
    meta: Meta,
    thinking: bool,
    /// The in-memory revision ([`LiveGame::revision`]).
    revision: u64,
    /// The state at `revision` (computing it traces every legal move).
    cached: Option<(u64, StateJson)>,
    /// People watching the event stream who play no side.
    spectators: usize,
}

/// Checks a level (1..=10, default [`DEFAULT_LEVEL`]).
///
/// # Errors
/// 422 naming the level when it is out of range.
pub fn check_level(level: Option<u8>) -> Result<u8, Refusal> {
    match level {
        None => Ok(DEFAULT_LEVEL),
        Some(n @ 1..=10) => Ok(n),
        Some(n) => Err(Refusal::invalid(format!(
            "level {n} is out of range: levels are 1 to 10"
        ))),
    }
}

/// The record's player for a side of this kind.
fn player(kind: Kind, level: u8) -> Player {
    match kind {
        Kind::Human => Player::Human("human".to_string()),
        Kind::Computer => Player::Computer { level },
    }
}

/// The checks of [`bao_rules::line::check_work`] for rules from a client, as a 422.
fn check_rules<R: RuleSet>(rules: &R) -> Result<(), Refusal> {
    bao_rules::line::check_work(rules, MAX_LAPS, MAX_PLIES).map_err(Refusal::invalid)
}

impl<G: Solvable + 'static> WebGame<G> {
    /// When the server must act on the game with no request arriving: its clock's next
    /// deadline, or, when an engine account is to move in a lobby game,
    /// [`ENGINE_LATE_MS`] from now (a move that late is taken up by any instance).
    fn due_ms(&self) -> Option<i64> {
        let engine = self
            .engine_account_to_move()
            .then(|| now_ms() + ENGINE_LATE_MS);
        let due = match (self.clock_deadline(), engine) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        due.map(|d| i64::try_from(d).unwrap_or(i64::MAX))
    }

    /// A new game from the start position of a rules profile.
    ///
    /// # Errors
    /// 422 for an unknown profile (listing the known ones) or level.
    pub fn create(meta: Meta, req: &NewGame) -> Result<Self, Refusal> {
        let rules = match &req.rules {
            None => G::Rules::default(),
            Some(name) => <G::Rules as RuleSet>::profile(name).map_err(|e| {
                Refusal::invalid(format!(
                    "rules profile {} of {}: {}",
                    clip(name),
                    G::NAME,
                    clip_message(&e.to_string(), 300)
                ))
            })?,
        };
        check_rules(&rules)?;
        let level = check_level(req.level)?;
        let mut line = GameLine::new(G::start(&rules));
        line.set_player(Side::South, player(req.south.unwrap_or(Kind::Human), level));
        line.set_player(
            Side::North,
            player(req.north.unwrap_or(Kind::Computer), level),
        );
        line.set_date(crate::http::today());
        Ok(Self::from_line(line, Meta { level, ..meta }))
    }

    /// A lobby game (see [`new_lobby_game`]).
    ///
    /// # Errors
    /// 422 for an unknown profile.
    pub fn lobby(
        meta: Meta,
        rules: &str,
        players: &[crate::accounts::Account; 2],
    ) -> Result<Self, Refusal> {
        let rules = <G::Rules as RuleSet>::profile(rules).map_err(|e| {
            Refusal::invalid(format!(
                "unknown rules profile {} of {}: {}",
                clip(rules),
                G::NAME,
                clip_message(&e.to_string(), 300)
            ))
        })?;
        let mut line = GameLine::new(G::start(&rules));
        for (side, p) in [Side::South, Side::North].into_iter().zip(players) {
            line.set_player(
                side,
                match p.engine_level {
                    Some(level) => Player::Computer { level },
                    None => Player::Human(p.name.clone()),
                },
            );
        }
        line.set_date(crate::http::today());
        Ok(Self::from_line(line, meta))
    }

    /// A game replayed from a client's record. Its rules are checked against the work
    /// limits ([`MAX_LAPS`], [`MAX_PLIES`]) before any move is replayed, and it may hold
    /// at most [`MAX_RECORD_MOVES`] moves. The players are the request's (the record's
    /// names are not kept: the server plays one side).
    ///
    /// # Errors
    /// 422 when the record cannot be read (naming the line or move number), or asks for
    /// more work than the limits allow.
    pub fn load(meta: Meta, req: &LoadGame) -> Result<Self, Refusal> {
        let level = check_level(req.level)?;
        // The record's rules from its tags alone, checked against the work limits before
        // any move is replayed (bao_rules::record::load, as every front end).
        bao_rules::record::load::checked_rules::<G>(&req.record, MAX_PLIES).map_err(|e| {
            Refusal::invalid(format!(
                "cannot load the record: {}",
                clip_message(&e.to_string(), 200)
            ))
        })?;
        let n = bao_rules::record::load::rough_move_count(&req.record);
        if n > MAX_RECORD_MOVES {
            return Err(Refusal::invalid(format!(
                "cannot load the record: it has about {n} moves; the limit is {MAX_RECORD_MOVES}"
            )));
        }
        let mut line = GameLine::<G>::from_record_text(&req.record).map_err(|e| {
            Refusal::invalid(format!(
                "cannot load the record: {}",
                clip_message(&e.to_string(), 200)
            ))
        })?;
        line.set_player(Side::South, player(req.south.unwrap_or(Kind::Human), level));
        line.set_player(
            Side::North,
            player(req.north.unwrap_or(Kind::Computer), level),
        );
        if line.date().is_empty() {
            line.set_date(crate::http::today());
        }
        Ok(Self::from_line(line, Meta { level, ..meta }))
    }

    /// A stored game, rebuilt from its row (after a restart or when it left the cache).
    ///
    /// # Errors
    /// 500 when the stored record cannot be read back (a damaged database).
    pub fn restore(row: &GameRow) -> Result<Self, Refusal> {
        let line = GameLine::<G>::from_record_text(&row.record).map_err(|e| {
            Refusal::failed(format!(
                "game {} in the database cannot be read: {}",
                row.id,
                clip_message(&e.to_string(), 200)
            ))
        })?;
        Ok(Self::from_line(
            line,
            Meta {
                id: row.id.clone(),
                level: row.level,
                seat: row.seat.clone(),
                invites: row.invites.clone(),
                accounts: row.accounts,
                names: row.names.clone(),
                rated: row.rated,
                clock: match &row.clock {
                    None => None,
                    Some(text) => Some(serde_json::from_str(text).map_err(|e| {
                        Refusal::failed(format!(
                            "game {} in the database has a clock that cannot be read: {e}",
                            row.id
                        ))
                    })?),
                },
                aborted: row.aborted,
                draw_offer: row.draw_offer,
                ratings: row.ratings,
                created: row.created.clone(),
                updated: row.updated.clone(),
                owner: row.owner.zip(row.owner_name.clone()),
                stored: row.version,
                tournament: row.tournament.clone(),
            },
        ))
    }

    fn from_line(line: GameLine<G>, meta: Meta) -> Self {
        WebGame {
            line,
            meta,
            thinking: false,
            revision: 0,
            cached: None,
            spectators: 0,
        }
    }

    fn outcome_json(&self) -> Option<OutcomeJson> {
        if self.meta.aborted {
            return Some(OutcomeJson {
                winner: None,
                reason: "aborted".to_string(),
                text: "the game was aborted before both sides made their first move".to_string(),
                result: "*",
                say: Some(bao_i18n::game::aborted()),
            });
        }
        let o = self.line.outcome()?;
        if o.winner.is_none() && o.reason == bao_rules::EndReason::OffBoard {
            return Some(OutcomeJson {
                winner: None,
                reason: "agreement".to_string(),
                text: "draw by agreement".to_string(),
                result: GameResult::Draw.token(),
                say: Some(bao_i18n::game::agreed()),
            });
        }
        let mut text = self.line.end_sentence().unwrap_or_default();
        // Issue 34 item 2 (ratings): a rated game that ended before both sides moved.
        let unrated = self.meta.rated && !crate::rating::counts(self.line.plies());
        if unrated {
            text = format!("{text} ({})", crate::rating::NOT_RATED);
        }
        let say = crate::i18n::end_said(&self.line, unrated);
        Some(OutcomeJson {
            winner: o.winner.map(|w| w.to_string()),
            reason: o.reason.as_str().to_string(),
            text,
            result: GameResult::of(o.winner).token(),
            say,
        })
    }

    fn kind_name(&self, side: Side) -> &'static str {
        if self.line.player(side).is_computer() {
            "computer"
        } else {
            "human"
        }
    }

    fn compute_state(&self) -> StateJson {
        let pos = self.line.current();
        let view = pos.view();
        let places = hole_places(&view);
        let legal = self.line.legal_moves();
        let starts: Vec<String> = legal
            .iter()
            .map(|&mv| start_hole(&pos.move_text(mv), &places))
            .collect();
        let moves = legal
            .iter()
            .zip(&starts)
            .map(|(&mv, from)| {
                let shared = starts.iter().filter(|s| *s == from).count() > 1;
                describe_move(pos, mv, &places, shared)
            })
            .collect();
        let positions = self.line.positions();
        let history = self
            .line
            .move_texts()
            .iter()
            .enumerate()
            .map(|(i, text)| HistoryJson {
                ply: i + 1,
                side: positions[i].side_to_move().to_string(),
                text: text.clone(),
                from: start_hole(text, &places),
            })
            .collect();
        let rules = pos.rules();
        StateJson {
            id: self.meta.id.clone(),
            game: G::NAME.to_string(),
            rules: rules.profile_name().to_string(),
            options: rules
                .options()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
            level: self.meta.level,
            players: PlayersJson {
                south: self.kind_name(Side::South),
                north: self.kind_name(Side::North),
            },
            names: NamesJson {
                south: self.meta.names[0].clone(),
                north: self.meta.names[1].clone(),
            },
            tournament: self.meta.tournament.clone(),
            rated: self.meta.rated,
            clock: None,
            spectators: 0,
            position: pos.to_text(),
            board: BoardJson::from(&view),
            to_move: pos.side_to_move().to_string(),
            ply: self.line.plies(),
            outcome: self.outcome_json(),
            moves,
            history,
            last: self.line.plies().checked_sub(1).and_then(|i| {
                let events = self.line.trace(i)?;
                Some(played_json(
                    &positions[i],
                    self.line.moves()[i],
                    &events,
                    None,
                ))
            }),
            thinking: false,
            draw_offer: None,
            ratings: None,
            owner: None,
            version: 0,
            invited: [Side::South, Side::North]
                .into_iter()
                .filter(|s| self.meta.invites[s.index()].is_some())
                .map(|s| s.to_string())
                .collect(),
            created: self.meta.created.clone(),
            updated: self.meta.updated.clone(),
            you: None,
            seat: None,
        }
    }

    fn line_error(&self, e: LineError) -> Refusal {
        match e {
            LineError::GameOver(_) => Refusal::not_now(format!(
                "the game is over ({}); start a new game or undo",
                self.line.end_sentence().unwrap_or_default()
            )),
            LineError::Undo { asked, played } => {
                Refusal::not_now(format!("cannot undo {asked} move(s): only {played} played"))
            }
            LineError::Move(m) => Refusal::invalid(m),
        }
    }
}

impl<G: Solvable + 'static> WebGame<G> {
    /// 409 for an aborted game.
    fn refuse_aborted(&self) -> Result<(), Refusal> {
        if self.meta.aborted {
            return Err(Refusal::not_now(
                "the game was aborted before both sides made their first move",
            ));
        }
        Ok(())
    }

    fn search(&self, hint: bool, cap_ms: u64) -> Result<SearchJob, Refusal> {
        self.refuse_aborted()?;
        if let Some(o) = self.line.end_sentence() {
            return Err(Refusal::not_now(format!("the game is over ({o})")));
        }
        let config = if hint {
            hint::hint_config()
        } else {
            // In a lobby game the mover's own level (two engine accounts of a
            // tournament may meet), on this game's own level table.
            let mover = self.line.player(self.line.current().side_to_move());
            EngineConfig::level_of::<G>(match mover {
                Player::Computer { level } if self.meta.is_lobby() => *level,
                _ => self.meta.level,
            })
        };
        let time_ms = config.limits.time_ms.unwrap_or(cap_ms).min(cap_ms);
        // A hint in a game with a final score (Bao Kingulu) asks the solver first, for
        // at most hint::PROVED_HINT_MS (its own clock): the job's time covers both.
        let proved_ms = if hint && self.line.current().locked_seeds(Side::South).is_some() {
            hint::PROVED_HINT_MS
        } else {
            0
        };
        // The search sees the game's history (G-R15 repetitions, OPT-MAX-PLIES).
        let hint_job = hint;
        let line = self.line.clone();
        let pos = line.current().clone();
        let run = Box::new(move |pool: &EnginePool, slot: &StopSlot| {
            let solved = if proved_ms > 0 {
                let room = pool.solver_room();
                hint::solve_hint_line_within(&line, proved_ms, room.entries)
            } else {
                hint::SolvedHint {
                    proved: None,
                    values: Vec::new(),
                }
            };
            if let Some(p) = &solved.proved {
                return proved_found(&pos, p);
            }
            let mut engine = pool.take::<G>(config);
            slot.set(engine.stop_flag());
            let limits = Limits {
                time_ms: Some(time_ms),
                ..Limits::default()
            };
            let mut last_info = String::new();
            let result = engine.search_line(&line, limits, &mut |info| {
                last_info = format_info(&pos, info);
            });
            slot.clear();
            if last_info.is_empty() {
                last_info = format_info(&pos, &result.info);
            }
            let mut score = hint::score_text(result.info.score, result.info.depth);
            // The oracle and the hint never disagree: a better result the solver proved
            // names its move (a hint only; the computer's move keeps its level).
            if let Some(best) = result.best.filter(|_| hint_job) {
                match hint::check_search_hint(&pos, best, &solved.values) {
                    hint::HintCheck::Agrees => {}
                    hint::HintCheck::Replaced { mv, value, note } => {
                        return Found {
                            best: Some(pos.move_text(mv)),
                            info: format!("solver: {note}"),
                            score: format!("{} (proved)", hint::value_text(value)),
                        };
                    }
                    hint::HintCheck::Caveat(words) => score = format!("{score}; {words}"),
                }
            }
            Found {
                best: result.best.map(|mv| pos.move_text(mv)),
                info: last_info,
                score,
            }
        });
        Ok(SearchJob {
            run,
            time_ms: time_ms + proved_ms,
            revision: self.revision,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use bao_rules::kiswahili::Kiswahili;
    use bao_rules::Game;

    /// A game's meta for tests: id `g1`, no accounts.
    pub(crate) fn meta() -> Meta {
        Meta {
            id: "g1".to_string(),
            level: DEFAULT_LEVEL,
            seat: "c".to_string(),
            invites: [None, None],
            accounts: [None, None],
            names: [None, None],
            rated: false,
            clock: None,
            aborted: false,
            draw_offer: None,
            ratings: None,
            created: String::new(),
            updated: String::new(),
            owner: None,
            stored: 0,
            tournament: None,
        }
    }

    fn new_game(level: Option<u8>) -> Result<WebGame<Kiswahili>, Refusal> {
        let req = NewGame {
            game: "kiswahili".to_string(),
            rules: None,
            level,
            south: Some(Kind::Human),
            north: Some(Kind::Computer),
        };
        WebGame::create(meta(), &req)
    }

    /// The first legal move of the start position, as text.
    fn first_move() -> String {
        let pos = Kiswahili::start(&Default::default());
        pos.move_text(pos.moves()[0])
    }

    #[test]
    fn a_new_game_starts_at_ply_0_with_its_players() {
        let mut g = new_game(Some(3)).unwrap();
        assert_eq!(g.kind(), GameKind::Kiswahili);
        assert_eq!(g.plies(), 0);
        assert_eq!(g.to_move(), Side::South);
        assert_eq!(g.human(), [true, false]);
        assert!(!g.is_over());
        assert_eq!(g.revision(), 0);
        let state = g.state();
        assert_eq!(state.game, "kiswahili");
        assert_eq!(state.level, 3);
        assert_eq!(g.row().game, GameKind::Kiswahili);
        assert_eq!(g.row().result, None);
    }

    #[test]
    fn levels_are_1_to_10() {
        assert_eq!(check_level(None).unwrap(), DEFAULT_LEVEL);
        assert_eq!(check_level(Some(10)).unwrap(), 10);
        let e = new_game(Some(11)).err().unwrap();
        assert_eq!(e.kind(), "invalid");
        assert_eq!(e.message(), "level 11 is out of range: levels are 1 to 10");
    }

    #[test]
    fn play_undo_and_resign_change_the_revision() {
        let mut g = new_game(None).unwrap();
        let e = g.undo(1).unwrap_err();
        assert_eq!(e.kind(), "not now");
        g.play_text(&first_move(), None).unwrap();
        assert_eq!((g.plies(), g.to_move(), g.revision()), (1, Side::North, 1));
        g.undo(1).unwrap();
        assert_eq!((g.plies(), g.to_move(), g.revision()), (0, Side::South, 2));
        assert_eq!(g.undo(0).unwrap_err().message(), "undo needs plies ≥ 1");
        g.resign(Side::South).unwrap();
        assert!(g.is_over());
        assert_eq!(g.revision(), 3);
        assert_eq!(g.row().result, Some(GameResult::Win(Side::North)));
        assert_eq!(g.resign(Side::North).unwrap_err().kind(), "not now");
        assert_eq!(
            g.play_text(&first_move(), None).unwrap_err().kind(),
            "not now"
        );
    }

    #[test]
    fn a_move_that_is_not_legal_is_a_422_listing_the_legal_moves() {
        let mut g = new_game(None).unwrap();
        let e = g.play_text("A1>", None).unwrap_err();
        assert_eq!(e.kind(), "invalid");
        assert!(e.message().contains("legal moves"), "{}", e.message());
        assert_eq!(g.revision(), 0);
        let long = "A".repeat(MAX_MOVE_TEXT + 1);
        assert_eq!(
            g.play_text(&long, None).unwrap_err().message(),
            format!(
                "move {} is not a move: move texts are at most 32 characters",
                clip(&long)
            )
        );
    }
}
