//! ChessManager: the session. It owns the game in play and the settings for the next
//! one, and decides everything about the flow of play: whose turn, what is legal, when
//! the computer is asked to think (and for what), Computer vs Computer pacing, pausing
//! and stepping, and when the game needs saving.
//!
//! It never reads a clock, never draws, never touches the disk: time comes in as `now`
//! (from an [`crate::engine::Clock`]), and everything that happened goes out as
//! [`GameEvent`]s, so every flow is a plain command -> events spec (see the tests).

mod endings;
mod net;
mod net_guest;
mod net_host;
mod swap2;

pub use net::{NetSession, Role};
pub use net_host::snapshot;

use super::command::{AiPurpose, AiReply, Command, GameEvent, Mover, SearchRequest};
use super::computer::Computer;
use super::mode::GameMode;
use super::play::{Game, GameError};
use super::settings::GameSettings;
use crate::engine::{Level, Stone};
use std::time::Duration;

/// Shortest time between two moves of Computer vs Computer, so a person can follow.
pub const CVC_PACE: Duration = Duration::from_millis(400);

/// The search in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pending {
    ticket: u64,
    purpose: AiPurpose,
    since: Duration,
}

/// What was last saved: a change means save again.
type SaveKey = (String, usize, Option<super::ending::Ending>, bool, GameMode);

/// The game's state when last saved (or seen), and whether its file exists.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Saved {
    key: SaveKey,
    on_disk: bool,
}

/// The session: see the module notes.
#[derive(Debug, Default)]
pub struct ChessManager {
    pub settings: GameSettings,
    game: Option<Game>,
    /// The board is on screen (the computer only thinks then).
    shown: bool,
    pending: Option<Pending>,
    last_ticket: u64,
    /// A paused Computer vs Computer game plays one move, then pauses again.
    stepping: bool,
    saved: Option<Saved>,
    /// The network game's side of things, while one is hosted or joined.
    net: Option<NetSession>,
    /// The ticket of the computer's swap2 decision awaited.
    swap2_pending: Option<u64>,
}

impl ChessManager {
    pub fn new(settings: GameSettings) -> ChessManager {
        ChessManager {
            settings,
            ..ChessManager::default()
        }
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// True when there is an unfinished game to resume (a network game only while its
    /// link is kept).
    pub fn can_resume(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| !g.is_over() && (!g.mode.is_network() || self.net.is_some()))
    }

    /// True while a network game is played (not yet over): no hints for either side,
    /// and so no analysis or set-up of its position.
    pub fn playing_network(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.mode.is_network() && !g.is_over())
    }

    /// The network game's state, while one is hosted or joined.
    pub fn net(&self) -> Option<&NetSession> {
        self.net.as_ref()
    }

    /// The search in flight, what for, and for how long.
    pub fn thinking(&self, now: Duration) -> Option<(AiPurpose, Duration)> {
        self.pending
            .map(|p| (p.purpose, now.saturating_sub(p.since)))
    }

    /// When `tick` next has something to do: a Computer vs Computer move coming due, or
    /// the running clock's flag falling.
    pub fn next_deadline(&self) -> Option<Duration> {
        let g = self.game.as_ref()?;
        let waiting = self.shown
            && self.pending.is_none()
            && !self.stepping
            && g.mode == GameMode::ComputerVsComputer
            && g.is_computer_turn();
        let pace = waiting.then_some(g.turn_started + CVC_PACE);
        let flag = g.clocks.flag_at().map(|t| t + Duration::from_millis(1));
        pace.into_iter().chain(flag).min()
    }

    /// Carries out one command at clock time `now`.
    pub fn apply(&mut self, command: Command, now: Duration) -> Vec<GameEvent> {
        let mut out = Vec::new();
        // A flag that fell before the command counts first: a late move is no move.
        self.check_flags(now);
        if let Err(e) = self.dispatch(command, now, &mut out) {
            out.push(GameEvent::Refused(e));
        }
        self.settle(now, &mut out);
        out
    }

    /// What time alone brings: a paced computer move coming due, a flag falling.
    pub fn tick(&mut self, now: Duration) -> Vec<GameEvent> {
        let mut out = Vec::new();
        self.settle(now, &mut out);
        out
    }

    fn dispatch(
        &mut self,
        command: Command,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        match command {
            Command::NewGame => {
                let game = Game::new(&self.settings, now)?;
                self.leave(out);
                self.start(game, out);
            }
            Command::Restart => self.restart(now, out)?,
            Command::Resume(game) => {
                self.saved = Some(Saved {
                    key: save_key(&game),
                    on_disk: true,
                });
                self.start(*game, out);
            }
            Command::ContinueFrom(game) => self.start(*game, out),
            Command::Show => self.shown = true,
            Command::Hide => {
                self.shown = false;
                self.stepping = false;
                self.swap2_pending = None;
                self.cancel(out);
            }
            Command::Place(pos) => self.place(pos, now, out)?,
            Command::Undo => self.undo(now, out)?,
            Command::Swap => self.swap(out)?,
            Command::Swap2(choice) => self.person_chooses(choice, out)?,
            Command::Swap2Decided { ticket, decision } => {
                self.swap2_decided(ticket, decision, now, out)
            }
            Command::Hint => self.hint(now, out)?,
            Command::PlayForMe => self.play_for_me(now, out)?,
            Command::TogglePause => self.toggle_pause(out),
            Command::SearchDone(reply) => self.search_done(reply, now, out)?,
            Command::SearchFailed { ticket, reason } => self.search_failed(ticket, &reason),
            Command::Resign => self.resign(out)?,
            Command::OfferDraw => self.offer(super::net::message::Offer::Draw, out)?,
            Command::Answer(accept) => self.answer(accept, now, out)?,
            Command::HostGame { local } => self.host_game(local, now, out)?,
            Command::JoinGame => self.join_game(out),
            Command::LeaveNetwork => self.leave(out),
            Command::Net(input) => self.net_input(input, now, out),
        }
        Ok(())
    }

    /// A new game with the current game's own settings (mode, computers, size, rule,
    /// clock). In a network game only the host starts one, and only after the last.
    fn restart(&mut self, now: Duration, out: &mut Vec<GameEvent>) -> Result<(), GameError> {
        let Some(g) = &self.game else {
            let game = Game::new(&self.settings, now)?;
            self.start(game, out);
            return Ok(());
        };
        let settings = g.settings();
        if g.mode.is_network() {
            self.check_network_restart()?;
        } else {
            self.settings = settings.clone();
        }
        let game = Game::new(&settings, now)?;
        self.start(game, out);
        Ok(())
    }

    fn start(&mut self, game: Game, out: &mut Vec<GameEvent>) {
        self.cancel(out);
        self.swap2_pending = None;
        self.stepping = false;
        if !game.mode.is_network() {
            self.leave(out);
        }
        self.game = Some(game);
        out.push(GameEvent::GameStarted);
    }

    fn live(&mut self) -> Result<&mut Game, GameError> {
        self.game.as_mut().ok_or(GameError::NoGame)
    }

    /// The live game, unfinished, with a person to move (any phase, opening included).
    pub(super) fn person_turn(&mut self) -> Result<&mut Game, GameError> {
        let g = self.live()?;
        if g.is_over() {
            return Err(GameError::GameOver);
        }
        if !g.is_human_turn() {
            return Err(GameError::NotYourTurn);
        }
        Ok(g)
    }

    /// A person's click: legal only on a person's turn. It overrides a hint or a
    /// play-for-me search still running.
    fn place(
        &mut self,
        pos: crate::engine::Pos,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        if self.is_guest() {
            return self.guest_place(pos, out);
        }
        let g = self.person_turn()?;
        if g.swap2.is_some() {
            return self.opening_stone(pos, Mover::Person, now, out);
        }
        let stone = g.play(pos, now)?;
        self.cancel(out);
        out.push(GameEvent::StonePlaced {
            pos,
            stone,
            by: Mover::Person,
        });
        Ok(())
    }

    /// Takes back one ply between people, or back to a person's turn against the
    /// computer (usually two plies). Revives a finished game; pauses Computer vs
    /// Computer so the position can be looked at.
    fn undo(&mut self, now: Duration, out: &mut Vec<GameEvent>) -> Result<(), GameError> {
        if self.live()?.mode.is_network() {
            return self.offer(super::net::message::Offer::Undo, out);
        }
        let g = self.live()?;
        if g.swap2.is_some() {
            return Err(GameError::InOpening);
        }
        if g.board.move_count() <= g.opening_stones {
            return Err(GameError::NothingToUndo);
        }
        if let Some(e) = &g.ending {
            return Err(GameError::Decided(e.to_string()));
        }
        let was_over = g.is_over();
        let mut plies = 0;
        while g.take_back() {
            plies += 1;
            let person_to_move = !g.mode.is_computer(g.board.side_to_move());
            if g.mode == GameMode::ComputerVsComputer
                || person_to_move
                || g.board.move_count() <= g.opening_stones
            {
                break;
            }
        }
        let cvc = g.mode == GameMode::ComputerVsComputer;
        g.paused = cvc;
        g.result = None;
        g.announced = false;
        g.hint = None;
        g.turn_started = now;
        g.clocks.new_turn(g.board.side_to_move());
        self.stepping = false;
        self.cancel(out);
        out.push(GameEvent::Undone { plies });
        if was_over {
            out.push(GameEvent::Revived);
        }
        if cvc {
            out.push(GameEvent::Paused(true));
        }
        Ok(())
    }

    /// Against the computer, the person takes the other colour (the computer then moves).
    fn swap(&mut self, out: &mut Vec<GameEvent>) -> Result<(), GameError> {
        let g = self.live()?;
        let GameMode::HumanVsComputer { human } = g.mode else {
            return Err(GameError::NoComputerToSwapWith);
        };
        if g.is_over() {
            return Err(GameError::GameOver);
        }
        if g.swap2.is_some() {
            return Err(GameError::InOpening);
        }
        let human = human.opponent();
        g.mode = GameMode::HumanVsComputer { human };
        g.hint = None;
        self.cancel(out);
        out.push(GameEvent::SidesSwapped { human });
        Ok(())
    }

    /// The engine's suggestion for the person to move (not in a network game).
    fn hint(&mut self, now: Duration, out: &mut Vec<GameEvent>) -> Result<(), GameError> {
        let g = self.person_to_move()?;
        if g.mode.is_network() {
            return Err(GameError::NoHelpOnline);
        }
        if let Some(h) = g.hint {
            out.push(GameEvent::HintReady(h));
            return Ok(());
        }
        if self.pending.is_some() {
            return Err(GameError::Thinking);
        }
        self.request(AiPurpose::Hint, now, out);
        Ok(())
    }

    /// Right arrow. In a paused Computer vs Computer game: one move. Otherwise the
    /// engine plays the move of the person to move (never the computer's side, never
    /// while it is already thinking); a hint on show is played at once.
    fn play_for_me(&mut self, now: Duration, out: &mut Vec<GameEvent>) -> Result<(), GameError> {
        let idle = self.pending.is_none();
        let g = self.game.as_mut().ok_or(GameError::NoGame)?;
        if g.mode == GameMode::ComputerVsComputer {
            if g.paused && !g.is_over() && idle {
                g.paused = false;
                self.stepping = true;
            }
            return Ok(());
        }
        if g.mode.is_network() {
            return Err(GameError::NoHelpOnline);
        }
        let hint = self.person_to_move()?.hint;
        if let Some(pos) = hint {
            return self.play_for_person(pos, now, out);
        }
        match self.pending.map(|p| p.purpose) {
            Some(AiPurpose::Hint) => self.cancel(out),
            Some(_) => return Err(GameError::Thinking),
            None => {}
        }
        self.request(AiPurpose::PlayForMe, now, out);
        Ok(())
    }

    /// The live game, when a person plays the side to move.
    fn person_to_move(&mut self) -> Result<&mut Game, GameError> {
        let g = self.person_turn()?;
        if g.swap2.is_some() {
            return Err(GameError::InOpening);
        }
        Ok(g)
    }

    /// A person's swap2 choice: only when a person chooses now.
    fn person_chooses(
        &mut self,
        choice: super::swap2::Swap2Choice,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        self.person_turn()?;
        self.swap2_choose(choice, out)
    }

    fn play_for_person(
        &mut self,
        pos: crate::engine::Pos,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let g = self.person_to_move()?;
        let stone = g.play(pos, now)?;
        self.cancel(out);
        out.push(GameEvent::StonePlaced {
            pos,
            stone,
            by: Mover::Computer,
        });
        Ok(())
    }

    fn toggle_pause(&mut self, out: &mut Vec<GameEvent>) {
        let Some(g) = self.game.as_mut() else { return };
        if g.mode != GameMode::ComputerVsComputer || g.is_over() {
            return;
        }
        g.paused = !g.paused;
        let paused = g.paused;
        self.stepping = false;
        if paused {
            self.cancel(out);
        }
        out.push(GameEvent::Paused(paused));
    }

    fn search_done(
        &mut self,
        reply: AiReply,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let Some(p) = self.pending.filter(|p| p.ticket == reply.ticket) else {
            log::debug!("dropped the stale answer of search {}", reply.ticket);
            return Ok(());
        };
        self.pending = None;
        log::info!("AI {:?}: {:?} {}", p.purpose, reply.best_move, reply.note);
        let Some(pos) = reply.best_move else {
            return Ok(());
        };
        match p.purpose {
            AiPurpose::Hint => {
                let g = self.person_to_move()?;
                g.hint = Some(pos).filter(|&h| g.board.is_empty(h));
                out.extend(g.hint.map(GameEvent::HintReady));
            }
            AiPurpose::PlayForMe => self.play_for_person(pos, now, out)?,
            AiPurpose::Move => self.computer_move(pos, now, out)?,
        }
        Ok(())
    }

    fn computer_move(
        &mut self,
        pos: crate::engine::Pos,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let stepped = std::mem::take(&mut self.stepping);
        let g = self.live()?;
        if !g.is_computer_turn() {
            return Err(GameError::NotYourTurn);
        }
        let stone = g.play(pos, now)?;
        out.push(GameEvent::StonePlaced {
            pos,
            stone,
            by: Mover::Computer,
        });
        if stepped && !g.is_over() {
            g.paused = true;
            out.push(GameEvent::Paused(true));
        }
        Ok(())
    }

    /// After every command and tick: announce an ending, ask for the computer's move
    /// when it is due, and ask for a save when the game changed.
    fn settle(&mut self, now: Duration, out: &mut Vec<GameEvent>) {
        self.check_flags(now);
        if let Some(g) = self.game.as_mut() {
            if let (Some(result), false) = (&g.result, g.announced) {
                g.announced = true;
                let result = result.clone();
                self.stepping = false;
                self.cancel(out);
                out.push(GameEvent::GameOver(result));
            }
        }
        self.swap2_computer(out);
        if self.computer_move_due(now) {
            self.cancel(out);
            self.request(AiPurpose::Move, now, out);
        }
        self.run_clocks(now);
        self.save_if_changed(out);
        self.sync_if_changed(now, out);
    }

    fn computer_move_due(&self, now: Duration) -> bool {
        let Some(g) = self.game.as_ref() else {
            return false;
        };
        let searching = self.pending.is_some_and(|p| p.purpose == AiPurpose::Move);
        let paced = g.mode != GameMode::ComputerVsComputer
            || self.stepping
            || now >= g.turn_started + CVC_PACE;
        self.shown && g.is_computer_turn() && g.swap2.is_none() && !searching && paced
    }

    fn request(&mut self, purpose: AiPurpose, now: Duration, out: &mut Vec<GameEvent>) {
        let Some(g) = self.game.as_ref() else { return };
        self.last_ticket += 1;
        self.pending = Some(Pending {
            ticket: self.last_ticket,
            purpose,
            since: now,
        });
        let side = g.board.side_to_move();
        let computer = match (purpose, g.computer(side)) {
            (AiPurpose::Move, Some(c)) => c.clone(),
            _ => Computer::Level(helper_level(g.level())),
        };
        let time_cap = match purpose {
            AiPurpose::Move => g.clocks.engine_budget(side, now),
            _ => None,
        };
        out.push(GameEvent::SearchWanted(SearchRequest {
            ticket: self.last_ticket,
            purpose,
            board: g.board().clone(),
            rule: g.rule(),
            computer,
            game_id: g.id().to_string(),
            time_cap,
            engine_time: g.clocks.engine_time(side, now),
        }));
    }

    /// Makes the search in flight void.
    fn cancel(&mut self, out: &mut Vec<GameEvent>) {
        if self.pending.take().is_some() {
            out.push(GameEvent::SearchCancelled);
        }
    }

    fn save_if_changed(&mut self, out: &mut Vec<GameEvent>) {
        let Some(g) = self.game.as_ref() else { return };
        let key = save_key(g);
        let last = self.saved.take().filter(|s| s.key.0 == key.0);
        let on_disk = last.as_ref().is_some_and(|s| s.on_disk);
        let changed = last.is_none_or(|s| s.key != key);
        // An empty board is only worth a file when it replaces moves already saved.
        let write = changed && (on_disk || key.1 > 0);
        if write {
            out.push(GameEvent::RecordChanged(Box::new(g.to_record())));
        }
        self.saved = Some(Saved {
            key,
            on_disk: on_disk || write,
        });
    }

    /// The side to move, if a game exists.
    pub fn side_to_move(&self) -> Option<Stone> {
        self.game.as_ref().map(|g| g.board().side_to_move())
    }
}

fn save_key(g: &Game) -> SaveKey {
    (
        g.id().to_string(),
        g.board().move_count(),
        g.ending.clone(),
        g.is_over(),
        g.mode(),
    )
}

/// Hints and play-for-me search at the game's level, but never at the lowest one:
/// advice should be better than a beginner's.
fn helper_level(level: Level) -> Level {
    if level == Level::ALL[0] {
        level.next()
    } else {
        level
    }
}

#[cfg(test)]
mod tests;
