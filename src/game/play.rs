//! One game: its board, rule, players, result and move times. It knows what a move is
//! and when the game ended; who may move when is the session's business
//! ([`super::ChessManager`]). Time comes in as a parameter, from the session's clock.

use super::mode::GameMode;
use super::record::model::{new_id, now_unix};
use super::record::{GameRecord, RecordError};
use super::settings::GameSettings;
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
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// One game: its board, rule, players, result and timing.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) board: Board,
    rule: Rule,
    pub(super) mode: GameMode,
    level: Level,
    pub(super) result: Option<Outcome>,
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
}

impl Game {
    /// An empty board with these settings; `now` is the session clock's time.
    pub fn new(settings: &GameSettings, now: Duration) -> Result<Game, GameError> {
        Ok(Game::from_board(
            Board::square(settings.size)?,
            settings,
            now,
        ))
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
            level: settings.level,
            announced: result.is_some(),
            result,
            paused: false,
            hint: None,
            move_ms: vec![0; moves],
            turn_started: now,
            started_unix: started,
            id: new_id(started),
        }
    }

    /// The game a record describes, exactly (stones, side to move, players, level, id).
    pub fn from_record(record: &GameRecord, now: Duration) -> Result<Game, RecordError> {
        let board = record.to_board(None)?;
        let settings = GameSettings {
            mode: record.mode,
            level: record.level,
            size: record.width,
            rule: record.rule,
        };
        let mut game = Game::from_board(board, &settings, now);
        game.id = record.id.clone();
        game.started_unix = record.started_at;
        game.move_ms = record.moves.iter().map(|m| m.ms).collect();
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
    pub fn level(&self) -> Level {
        self.level
    }
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    pub fn hint(&self) -> Option<Pos> {
        self.hint
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
            level: self.level,
            size: self.board.width(),
            rule: self.rule,
        }
    }

    /// The game as a record, for saving.
    pub fn to_record(&self) -> GameRecord {
        GameRecord::from_board(
            self.id.clone(),
            &self.board,
            self.rule,
            self.mode,
            self.level,
            self.started_unix,
            &self.move_ms,
        )
    }

    /// The stones of the winning row, if the game was won.
    pub fn winning_line(&self) -> Option<&[Pos]> {
        match &self.result {
            Some(Outcome::Win { line, .. }) => Some(line),
            _ => None,
        }
    }

    /// True when the computer plays the side to move and the game is live and unpaused.
    pub fn is_computer_turn(&self) -> bool {
        !self.is_over() && !self.paused && self.mode.is_computer(self.board.side_to_move())
    }

    /// True when a person plays the side to move and the game is live.
    pub fn is_human_turn(&self) -> bool {
        !self.is_over() && !self.mode.is_computer(self.board.side_to_move())
    }

    /// Plays `pos` for the side to move at clock time `now`.
    pub(super) fn play(&mut self, pos: Pos, now: Duration) -> Result<Stone, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let stone = self.board.side_to_move();
        if self.rule.restricts(stone) {
            if let Some(f) = forbidden(&self.board, pos) {
                return Err(GameError::Forbidden(f));
            }
        }
        self.board.play(pos)?;
        let ms = now.saturating_sub(self.turn_started).as_millis() as u64;
        self.move_ms.push(ms);
        self.turn_started = now;
        self.hint = None;
        self.result = outcome(&self.board, self.rule);
        Ok(stone)
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
