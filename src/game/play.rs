//! One game: its board, rule, players, result and move times. It knows what a move is
//! and when the game ended; who may move when is the session's business
//! ([`super::ChessManager`]). Time comes in as a parameter, from the session's clock.

use super::computer::Computer;
use super::ending::Ending;
use super::mode::GameMode;
use super::record::model::{new_id, now_unix, player};
use super::record::{GameRecord, RecordError};
use super::settings::{computer_for, GameSettings};
use super::swap2::{Opening, Swap2};
use super::time_control::Clocks;
use crate::engine::renju::{forbidden, Forbidden};
use crate::engine::rules::outcome;
use crate::engine::{Board, BoardError, Level, Outcome, Pos, Rule, Stone};
use std::time::Duration;
use thiserror::Error;

/// Why a request was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("no game in progress")]
    NoGame,
    #[error("the game is over")]
    GameOver,
    #[error("it is the computer's turn")]
    NotYourTurn,
    #[error("the computer is thinking")]
    Thinking,
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("Swap sides works against the computer")]
    NoComputerToSwapWith,
    #[error("Black may not play there: it would make {0}")]
    Forbidden(Forbidden),
    #[error("not during the swap2 opening")]
    InOpening,
    #[error("choose first: {0}")]
    ChooseFirst(String),
    #[error("that swap2 choice is not open now")]
    NotAChoice,
    #[error("the game was decided: {0}")]
    Decided(String),
    #[error("not in a network game")]
    NotNetworked,
    #[error("not connected to the other player")]
    NotConnected,
    #[error("the other player has not offered anything")]
    NoOffer,
    #[error("a network game is finished or resigned before a new one")]
    NetworkGameLive,
    #[error("asked already; waiting for the answer")]
    AlreadyAsked,
    #[error("no hints or moves played for you in a network game")]
    NoHelpOnline,
    #[error("the host starts the next game")]
    HostStarts,
    #[error("the other player says: {0}")]
    Peer(String),
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// One game: its board, rule, players, result and timing.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) board: Board,
    rule: Rule,
    pub(super) mode: GameMode,
    computers: [Computer; 2],
    pub(super) result: Option<Outcome>,
    /// Why it ended, when the board did not decide it.
    pub(super) ending: Option<Ending>,
    pub(super) clocks: Clocks,
    /// The ending was reported (a `GameOver` event goes out once per ending).
    pub(super) announced: bool,
    /// Computer vs Computer only: no move is asked for while paused.
    pub(super) paused: bool,
    pub(super) hint: Option<Pos>,
    move_ms: Vec<u64>,
    /// Clock time when the side to move got the turn.
    pub(super) turn_started: Duration,
    started_unix: u64,
    /// The record's id: the same file is rewritten after every move.
    id: String,
    opening: Opening,
    /// The swap2 opening while it lasts (colours not yet chosen).
    pub(super) swap2: Option<Swap2>,
    /// Stones of a finished swap2 opening: undo never takes them back.
    pub(super) opening_stones: usize,
}

impl Game {
    /// An empty board with these settings; `now` is the session clock's time.
    pub fn new(settings: &GameSettings, now: Duration) -> Result<Game, GameError> {
        let mut game = Game::from_board(Board::square(settings.size)?, settings, now);
        game.swap2 = Swap2::new(settings.opening, settings.mode, settings.rule);
        Ok(game)
    }

    /// A new game continuing from `board` (records, "continue from here").
    pub fn from_board(board: Board, settings: &GameSettings, now: Duration) -> Game {
        let result = outcome(&board, settings.rule);
        let moves = board.move_count();
        let started = now_unix();
        Game {
            board,
            rule: settings.rule,
            mode: settings.mode,
            computers: settings.computers.clone(),
            announced: result.is_some(),
            result,
            ending: None,
            clocks: Clocks::new(settings.time),
            paused: false,
            hint: None,
            move_ms: vec![0; moves],
            turn_started: now,
            started_unix: started,
            id: new_id(started),
            opening: settings.opening,
            swap2: None,
            opening_stones: 0,
        }
    }

    /// The game a record describes, exactly (stones, side to move, players, level, id).
    pub fn from_record(record: &GameRecord, now: Duration) -> Result<Game, RecordError> {
        let board = record.to_board(None)?;
        let fallback = Computer::Level(record.level);
        let program =
            |info: &super::record::PlayerInfo| info.computer().unwrap_or(fallback.clone());
        let computers = match record.mode {
            GameMode::ComputerVsComputer => [program(&record.black), program(&record.white)],
            _ => {
                let c = [&record.black, &record.white]
                    .into_iter()
                    .find_map(|p| p.computer())
                    .unwrap_or(fallback.clone());
                [c.clone(), c]
            }
        };
        let settings = GameSettings {
            mode: record.mode,
            computers,
            size: record.width,
            rule: record.rule,
            time: record.time,
            opening: Opening::Standard,
        };
        let mut game = Game::from_board(board, &settings, now);
        game.id = record.id.clone();
        game.started_unix = record.started_at;
        game.move_ms = record.moves.iter().map(|m| m.ms).collect();
        game.clocks = Clocks::replayed(record.time, &game.move_ms);
        if let Some(e) = &record.ending {
            game.decide(e.clone().sanitized());
            game.announced = true;
        }
        Ok(game)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn rule(&self) -> Rule {
        self.rule
    }
    pub fn mode(&self) -> GameMode {
        self.mode
    }
    /// Our level playing the opponent's side (Medium when an outside engine plays it):
    /// the level hints search at.
    pub fn level(&self) -> Level {
        self.computers[0].level().unwrap_or_default()
    }
    /// The program playing `stone`, when a computer plays it.
    pub fn computer(&self, stone: Stone) -> Option<&Computer> {
        self.mode
            .is_computer(stone)
            .then(|| computer_for(&self.computers, self.mode, stone))
    }
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }
    /// Why the game ended, when the board did not decide it.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    pub fn hint(&self) -> Option<Pos> {
        self.hint
    }
    /// The swap2 opening, while the colours are not chosen yet.
    pub fn swap2(&self) -> Option<&Swap2> {
        self.swap2.as_ref()
    }
    pub fn is_paused(&self) -> bool {
        self.paused
    }
    pub fn started_unix(&self) -> u64 {
        self.started_unix
    }
    /// The record id (and file name) of this game.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The settings this game is played with (Restart plays them again).
    pub fn settings(&self) -> GameSettings {
        GameSettings {
            mode: self.mode,
            computers: self.computers.clone(),
            size: self.board.width(),
            rule: self.rule,
            time: self.clocks.control(),
            opening: self.opening,
        }
    }

    /// The game as a record, for saving.
    pub fn to_record(&self) -> GameRecord {
        let mut record = GameRecord::from_board(
            self.id.clone(),
            &self.board,
            self.rule,
            self.mode,
            self.level(),
            self.started_unix,
            &self.move_ms,
        );
        record.black = player(self.mode, Stone::Black, &self.computers);
        record.white = player(self.mode, Stone::White, &self.computers);
        record.time = self.clocks.control();
        record.result = self.result.clone();
        record.ending = self.ending.clone();
        record
    }

    /// The stones of the winning row, if the game was won on the board.
    pub fn winning_line(&self) -> Option<&[Pos]> {
        match &self.result {
            Some(Outcome::Win { line, .. }) if !line.is_empty() => Some(line),
            _ => None,
        }
    }

    /// Ends the live game off the board (time, resignation, agreement, forfeit).
    pub(super) fn decide(&mut self, ending: Ending) {
        if self.result.is_none() {
            self.result = Some(ending.outcome());
            self.ending = Some(ending);
            self.hint = None;
        }
    }

    /// Milliseconds each move took, in order.
    pub fn move_times(&self) -> &[u64] {
        &self.move_ms
    }

    /// True when the computer plays the side to move and the game is live and unpaused.
    /// (In a swap2 opening: when the computer acts now.)
    pub fn is_computer_turn(&self) -> bool {
        let computer = match &self.swap2 {
            Some(s) => s.computer_acts(),
            None => self.mode.is_computer(self.board.side_to_move()),
        };
        !self.is_over() && !self.paused && computer
    }

    /// True when a person at this machine plays the side to move and the game is live.
    /// (In a swap2 opening: when a person acts now.)
    pub fn is_human_turn(&self) -> bool {
        let person = match &self.swap2 {
            Some(s) => !s.computer_acts(),
            None => self.mode.is_person(self.board.side_to_move()),
        };
        !self.is_over() && person
    }

    /// Why the side to move may not play the empty `pos` under the game's rule (Black
    /// under renju), if it may not.
    pub(super) fn forbidden(&self, pos: Pos) -> Option<Forbidden> {
        let restricted = self.rule.restricts(self.board.side_to_move());
        forbidden(&self.board, pos).filter(|_| restricted)
    }

    /// Plays `pos` for the side to move at clock time `now`. A move after the side's
    /// time ran out is refused (the session then ends the game on time).
    pub(super) fn play(&mut self, pos: Pos, now: Duration) -> Result<Stone, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let stone = self.board.side_to_move();
        if !self.board.contains(pos) {
            return Err(BoardError::OffBoard(pos).into());
        }
        if !self.board.is_empty(pos) {
            return Err(BoardError::Occupied(pos).into());
        }
        if let Some(f) = self.forbidden(pos) {
            return Err(GameError::Forbidden(f));
        }
        if self.clocks.moved(stone, now).is_err() {
            return Err(GameError::GameOver);
        }
        self.board.play(pos)?;
        let ms = now.saturating_sub(self.turn_started).as_millis() as u64;
        self.move_ms.push(ms);
        self.turn_started = now;
        self.hint = None;
        self.result = outcome(&self.board, self.rule);
        Ok(stone)
    }

    /// Each move's thinking time (a network host's game).
    pub(super) fn set_times(&mut self, times_ms: Vec<u64>) {
        self.move_ms = times_ms;
    }

    /// Replaces the moves with `board`'s (a network host's game) and their times.
    pub(super) fn set_moves(&mut self, board: Board, times_ms: Vec<u64>) {
        self.board = board;
        self.move_ms = times_ms;
        self.result = outcome(&self.board, self.rule);
        self.ending = None;
        self.hint = None;
    }

    /// Takes back the last ply.
    pub(super) fn take_back(&mut self) -> bool {
        let undone = self.board.undo().is_some();
        if undone {
            self.move_ms.pop();
        }
        undone
    }
}
