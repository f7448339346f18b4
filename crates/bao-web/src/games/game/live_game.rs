//! `impl LiveGame for WebGame`: the object-safe face of a game that the routes, the
//! scheduler and the cache use.

use bao_engine::solve::Solvable;
use bao_rules::{GameKind, LineError, RuleSet, Side};

use super::*;
use crate::clock::model::{now_ms, Due};
use crate::engines::EnginePool;
use crate::games::model::*;
use crate::games::repo::GameRow;
use crate::games::view::{
    describe_move, hole_places, played_json, shares_start, start_hole, AtJson, BoardJson,
    HistoryJson, MoveJson, PlayedJson, StateJson,
};
use crate::http::error::{clip, clip_message};
use crate::refusal::Refusal;

impl<G: Solvable + 'static> LiveGame for WebGame<G> {
    fn kind(&self) -> GameKind {
        GameKind::of::<G>()
    }

    fn meta(&self) -> &Meta {
        &self.meta
    }

    fn meta_mut(&mut self) -> &mut Meta {
        &mut self.meta
    }

    fn state(&mut self) -> StateJson {
        let mut state = match &self.cached {
            Some((v, s)) if *v == self.revision => s.clone(),
            _ => {
                let s = self.compute_state();
                self.cached = Some((self.revision, s.clone()));
                s
            }
        };
        state.thinking = self.thinking;
        state.draw_offer = self.meta.draw_offer.map(|s| s.to_string());
        state.ratings = self.meta.ratings;
        state.owner = self.meta.owner.as_ref().map(|o| o.1.clone());
        state.spectators = self.spectators;
        state.version = self.meta.stored;
        state.clock = self
            .meta
            .clock
            .map(|c| c.json(self.line.plies(), self.is_over(), now_ms()));
        state
    }

    fn revision(&self) -> u64 {
        self.revision
    }

    fn bump(&mut self) {
        self.revision += 1;
    }

    fn thinking(&self) -> bool {
        self.thinking
    }

    fn set_thinking(&mut self, on: bool) {
        self.thinking = on;
    }

    fn human(&self) -> [bool; 2] {
        [
            !self.line.player(Side::South).is_computer(),
            !self.line.player(Side::North).is_computer(),
        ]
    }

    fn to_move(&self) -> Side {
        self.line.current().side_to_move()
    }

    fn is_over(&self) -> bool {
        self.meta.aborted || self.line.is_over()
    }

    fn set_human(&mut self, side: Side) {
        if self.line.player(side).is_computer() {
            self.line
                .set_player(side, player(Kind::Human, self.meta.level));
        }
    }

    fn play_text(&mut self, text: &str, info: Option<String>) -> Result<PlayedJson, Refusal> {
        self.refuse_aborted()?;
        if self.line.is_over() {
            return Err(self.line_error(LineError::GameOver(self.line.outcome().expect("over"))));
        }
        let text = text.trim();
        if text.chars().count() > MAX_MOVE_TEXT {
            return Err(Refusal::invalid(format!(
                "move {} is not a move: move texts are at most {MAX_MOVE_TEXT} characters",
                clip(text)
            )));
        }
        let pos = self.line.current().clone();
        let mv = pos.parse_move(text).map_err(|e| {
            let message = clip_message(&e.to_string(), 200);
            if message.contains("legal moves") {
                return Refusal::invalid(message);
            }
            let legal: Vec<String> = pos.moves().into_iter().map(|m| pos.move_text(m)).collect();
            Refusal::invalid(format!(
                "{message}; legal moves for {}: {}",
                pos.side_to_move(),
                legal.join(" ")
            ))
        })?;
        let events = self.line.play_traced(mv).map_err(|e| self.line_error(e))?;
        self.revision += 1;
        // A move declines the opponent's draw offer (the mover's own offer stands).
        if self.meta.draw_offer == Some(pos.side_to_move().opponent()) {
            self.meta.draw_offer = None;
        }
        let plies = self.line.plies();
        let over = self.line.is_over();
        if let Some(c) = &mut self.meta.clock {
            let now = now_ms();
            c.after_move(pos.side_to_move(), plies, now);
            if over {
                c.stop(now);
            }
        }
        Ok(played_json(&pos, mv, &events, info))
    }

    fn undo(&mut self, plies: usize) -> Result<(), Refusal> {
        if self.meta.is_lobby() || self.meta.clock.is_some() {
            return Err(Refusal::not_now(
                "moves cannot be taken back in a lobby game",
            ));
        }
        if plies == 0 {
            return Err(Refusal::invalid("undo needs plies ≥ 1"));
        }
        self.line.undo(plies).map_err(|e| self.line_error(e))?;
        self.meta.draw_offer = None;
        self.revision += 1;
        Ok(())
    }

    fn resign(&mut self, side: Side) -> Result<(), Refusal> {
        if let Some(o) = self.line.end_sentence() {
            return Err(Refusal::not_now(format!("the game is already over ({o})")));
        }
        self.refuse_aborted()?;
        self.line.resign(side).map_err(|e| self.line_error(e))?;
        self.meta.draw_offer = None;
        self.revision += 1;
        if let Some(c) = &mut self.meta.clock {
            c.stop(now_ms());
        }
        Ok(())
    }

    fn offer_draw(&mut self, side: Side) -> Result<bool, Refusal> {
        self.refuse_aborted()?;
        if let Some(o) = self.line.end_sentence() {
            return Err(Refusal::not_now(format!("the game is already over ({o})")));
        }
        if self.line.plies() < 2 {
            return Err(Refusal::not_now(
                "a draw can be offered only after each side has made a move",
            ));
        }
        match self.meta.draw_offer {
            Some(s) if s == side => Err(Refusal::not_now(format!(
                "{side} already offers a draw: {} accepts it with the same request or declines it by moving",
                side.opponent()
            ))),
            Some(_) => {
                self.line.agree_draw().map_err(|e| self.line_error(e))?;
                self.meta.draw_offer = None;
                if let Some(c) = &mut self.meta.clock {
                    c.stop(now_ms());
                }
                self.revision += 1;
                Ok(true)
            }
            None => {
                self.meta.draw_offer = Some(side);
                self.revision += 1;
                Ok(false)
            }
        }
    }

    fn record_text(&self) -> String {
        self.line.record_text()
    }

    fn row(&self) -> GameRow {
        GameRow {
            id: self.meta.id.clone(),
            game: GameKind::of::<G>(),
            rules: self.line.rules().profile_name().to_string(),
            level: self.meta.level,
            south: self.line.player(Side::South).record_name(),
            north: self.line.player(Side::North).record_name(),
            seat: self.meta.seat.clone(),
            invites: self.meta.invites.clone(),
            accounts: self.meta.accounts,
            names: self.meta.names.clone(),
            owner: self.meta.owner.as_ref().map(|o| o.0),
            owner_name: self.meta.owner.as_ref().map(|o| o.1.clone()),
            rated: self.meta.rated,
            clock: self
                .meta
                .clock
                .map(|c| serde_json::to_string(&c).expect("a clock is JSON")),
            aborted: self.meta.aborted,
            draw_offer: self.meta.draw_offer,
            ratings: self.meta.ratings,
            record: self.line.record_text(),
            plies: self.line.plies(),
            result: self.line.outcome().map(|o| GameResult::of(o.winner)),
            created: self.meta.created.clone(),
            updated: self.meta.updated.clone(),
            version: self.meta.stored,
            due_ms: self.due_ms(),
            tournament: self.meta.tournament.clone(),
        }
    }

    fn plies(&self) -> usize {
        self.line.plies()
    }

    fn at(&self, ply: usize) -> Result<AtJson, Refusal> {
        let positions = self.line.positions();
        let pos = positions
            .get(ply)
            .ok_or_else(|| no_position(&ply.to_string(), &self.meta.id, self.line.plies()))?;
        let view = pos.view();
        let texts = self.line.move_texts();
        let last = ply.checked_sub(1).map(|i| HistoryJson {
            ply,
            side: positions[i].side_to_move().to_string(),
            text: texts[i].clone(),
            from: start_hole(&texts[i], &hole_places(&view)),
        });
        // The move that led here, traced from the line (the position before it and the
        // move as played), summarised as the live move was.
        let played = ply.checked_sub(1).and_then(|i| {
            let events = self.line.trace(i)?;
            Some(played_json(
                &positions[i],
                self.line.moves()[i],
                &events,
                None,
            ))
        });
        Ok(AtJson {
            ply,
            last,
            position: pos.to_text(),
            board: BoardJson::from(&view),
            played,
        })
    }

    fn describe(&self, text: &str) -> Result<MoveJson, Refusal> {
        let pos = self.line.current();
        let mv = pos
            .parse_move(text)
            .map_err(|e| Refusal::invalid(format!("illegal move: {e}")))?;
        let places = hole_places(&pos.view());
        let from = start_hole(&pos.move_text(mv), &places);
        Ok(describe_move(
            pos,
            mv,
            &places,
            shares_start(pos, &from, &places),
        ))
    }

    fn search_job(&self, hint: bool) -> Result<SearchJob, Refusal> {
        self.search(hint, THINK_CAP_MS)
    }

    fn search_job_within(&self, cap_ms: u64) -> Result<SearchJob, Refusal> {
        self.search(false, cap_ms.clamp(1, THINK_CAP_MS))
    }

    fn engine_cap_ms(&self, now_ms: u64) -> u64 {
        use crate::clock::model::TimeControl;
        let Some(c) = self.meta.clock else {
            return THINK_CAP_MS;
        };
        let side = self.line.current().side_to_move();
        match c.control {
            TimeControl::Correspondence { .. } => THINK_CAP_MS,
            TimeControl::Fischer { increment_s, .. } => {
                let left = c.remaining_at(now_ms)[side.index()];
                (left / 20 + increment_s * 800).clamp(50, THINK_CAP_MS)
            }
        }
    }

    fn spectators(&self) -> usize {
        self.spectators
    }

    fn set_spectators(&mut self, n: usize) {
        self.spectators = n;
    }

    fn carry_over(&mut self, old: &dyn LiveGame) {
        self.spectators = old.spectators();
        self.revision = old.revision() + 1;
    }

    fn spectate(&mut self, joined: bool) {
        if joined {
            self.spectators += 1;
        } else {
            self.spectators = self.spectators.saturating_sub(1);
        }
    }

    fn clock_due(&self, now_ms: u64) -> Option<Due> {
        if self.is_over() {
            return None;
        }
        self.meta.clock?.due(self.line.plies(), now_ms)
    }

    fn clock_deadline(&self) -> Option<u64> {
        if self.is_over() {
            return None;
        }
        Some(self.meta.clock?.deadline(self.line.plies()).0)
    }

    fn apply_due(&mut self, due: Due, now_ms: u64) {
        self.meta.draw_offer = None;
        match due {
            Due::Flag(side) => {
                if let Some(c) = &mut self.meta.clock {
                    c.stop(now_ms);
                    c.remaining_ms[side.index()] = 0;
                }
                let _ = self.line.lose_on_time(side);
            }
            Due::Abort => {
                if let Some(c) = &mut self.meta.clock {
                    c.stop(now_ms);
                }
                self.meta.aborted = true;
            }
            Due::NoShow => {
                let side = self.line.current().side_to_move();
                if let Some(c) = &mut self.meta.clock {
                    c.stop(now_ms);
                    c.remaining_ms[side.index()] = 0;
                }
                let _ = self.line.lose_on_time(side);
            }
        }
        self.revision += 1;
    }

    fn abort(&mut self) -> Result<(), Refusal> {
        self.refuse_aborted()?;
        if self.meta.tournament.is_some() {
            return Err(Refusal::not_now(
                "a tournament game cannot be aborted: a side that does not make its first move loses on time; resign instead",
            ));
        }
        if let Some(o) = self.line.end_sentence() {
            return Err(Refusal::not_now(format!("the game is already over ({o})")));
        }
        if self.line.plies() >= 2 {
            return Err(Refusal::not_now(
                "both sides have moved: the game can no longer be aborted; resign instead",
            ));
        }
        self.apply_due(Due::Abort, now_ms());
        Ok(())
    }

    fn resume_clock(&mut self, alive_ms: u64, now_ms: u64) -> bool {
        if self.is_over() {
            return false;
        }
        let plies = self.line.plies();
        let Some(c) = &mut self.meta.clock else {
            return false;
        };
        if let Some(due) = c.due(plies, alive_ms) {
            // It fell before the server stopped: applied now, at the time it fell.
            let at = c.deadline(plies).0;
            self.apply_due(due, at);
            return true;
        }
        c.resume(alive_ms, now_ms);
        true
    }

    fn oracle_job(&self) -> Result<OracleRun, Refusal> {
        if let Some(o) = self.line.end_sentence() {
            return Err(Refusal::not_now(format!("the game is over ({o})")));
        }
        let line = self.line.clone();
        Ok(Box::new(move |pool: &EnginePool| {
            let room = pool.solver_room();
            oracle_of(&line, ORACLE_MS, room.entries)
        }))
    }
}
