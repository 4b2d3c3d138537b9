//! ChessManager: the game being played and the settings for the next one. It decides
//! what is legal (whose turn, game over, undo depth, swapping sides) and never draws.

use super::mode::GameMode;
use super::record::model::{new_id, now_unix};
use super::record::{GameRecord, RecordError};
use crate::engine::rules::outcome;
use crate::engine::{Board, BoardError, Level, Outcome, Pos, Rule, Stone};
use std::time::Instant;
use thiserror::Error;

/// The menu's choices for the next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSettings {
    pub mode: GameMode,
    pub level: Level,
    pub size: usize,
    pub rule: Rule,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            mode: GameMode::default(),
            level: Level::Medium,
            size: 15,
            rule: Rule::Freestyle,
        }
    }
}

/// Board sizes the menu offers.
pub const MENU_SIZES: std::ops::RangeInclusive<usize> = 10..=20;

/// What the manager tells the loop each frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signal {
    /// The side to move is the computer's and the game is live.
    ComputerToMove,
    /// The game just ended (sent once per ending).
    GameOver(Outcome),
}

/// Why a request was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("no game in progress")]
    NoGame,
    #[error("the game is over")]
    GameOver,
    #[error("it is the computer's turn")]
    NotYourTurn,
    #[error("nothing to undo")]
    NothingToUndo,
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// One game: its board, rule, players, result and timing.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    rule: Rule,
    mode: GameMode,
    level: Level,
    result: Option<Outcome>,
    announced: bool,
    paused: bool,
    hint: Option<Pos>,
    move_ms: Vec<u64>,
    turn_started: Instant,
    started_unix: u64,
    /// The record's id: the same file is rewritten after every move.
    id: String,
}

impl Game {
    /// An empty board with these settings.
    pub fn new(settings: &GameSettings) -> Result<Game, GameError> {
        Ok(Game::from_board(Board::square(settings.size)?, settings))
    }

    /// A new game continuing from `board` (records, "continue from here").
    pub fn from_board(board: Board, settings: &GameSettings) -> Game {
        let result = outcome(&board, settings.rule);
        let moves = board.move_count();
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
            turn_started: Instant::now(),
            started_unix: now_unix(),
            id: new_id(now_unix()),
        }
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

    /// Time since the last move (or since the game started or was revived).
    pub fn since_last_move(&self) -> std::time::Duration {
        self.turn_started.elapsed()
    }

    /// The record id (and file name) of this game.
    pub fn id(&self) -> &str {
        &self.id
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

    /// The game a record describes, exactly (stones, side to move, players, level).
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        let board = record.to_board(None)?;
        let settings = GameSettings {
            mode: record.mode,
            level: record.level,
            size: record.width,
            rule: record.rule,
        };
        let mut game = Game::from_board(board, &settings);
        game.id = record.id.clone();
        game.started_unix = record.started_at;
        game.move_ms = record.moves.iter().map(|m| m.ms).collect();
        Ok(game)
    }

    /// The stones of the winning row, if the game was won.
    pub fn winning_line(&self) -> Option<&[Pos]> {
        match &self.result {
            Some(Outcome::Win { line, .. }) => Some(line),
            _ => None,
        }
    }

    /// True when the computer should move now.
    pub fn is_computer_turn(&self) -> bool {
        !self.is_over() && !self.paused && self.mode.is_computer(self.board.side_to_move())
    }

    /// True when a person may place the next stone.
    pub fn is_human_turn(&self) -> bool {
        !self.is_over() && !self.mode.is_computer(self.board.side_to_move())
    }

    fn play(&mut self, pos: Pos) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.board.play(pos)?;
        self.move_ms
            .push(self.turn_started.elapsed().as_millis() as u64);
        self.turn_started = Instant::now();
        self.hint = None;
        self.result = outcome(&self.board, self.rule);
        Ok(())
    }
}

/// The settings for the next game and the game in progress (kept after Esc for Resume).
#[derive(Debug, Default)]
pub struct ChessManager {
    pub settings: GameSettings,
    game: Option<Game>,
}

impl ChessManager {
    pub fn new(settings: GameSettings) -> ChessManager {
        ChessManager {
            settings,
            game: None,
        }
    }

    /// Starts a new game from the settings, replacing any other.
    pub fn start_new(&mut self) -> Result<(), GameError> {
        self.game = Some(Game::new(&self.settings)?);
        Ok(())
    }

    /// Replaces the game (resume from a record, continue from a reviewed position).
    pub fn set_game(&mut self, game: Game) {
        self.game = Some(game);
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// True when there is an unfinished game to resume.
    pub fn can_resume(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.is_over())
    }

    fn live(&mut self) -> Result<&mut Game, GameError> {
        self.game.as_mut().ok_or(GameError::NoGame)
    }

    /// A person's click: legal only on their turn.
    pub fn place_human(&mut self, pos: Pos) -> Result<(), GameError> {
        let g = self.live()?;
        if g.is_over() {
            return Err(GameError::GameOver);
        }
        if !g.is_human_turn() {
            return Err(GameError::NotYourTurn);
        }
        g.play(pos)
    }

    /// The computer's move for the side it plays.
    pub fn place_computer(&mut self, pos: Pos) -> Result<(), GameError> {
        let g = self.live()?;
        if !g.is_computer_turn() {
            return Err(GameError::NotYourTurn);
        }
        g.play(pos)
    }

    /// The computer's move played for the person to move (Right arrow). Against the
    /// computer the person then takes the other colour, so they move again.
    pub fn play_for_human(&mut self, pos: Pos) -> Result<(), GameError> {
        let g = self.live()?;
        if !g.is_human_turn() {
            return Err(GameError::NotYourTurn);
        }
        g.play(pos)?;
        if let GameMode::HumanVsComputer { human } = g.mode {
            if !g.is_over() {
                g.mode = GameMode::HumanVsComputer {
                    human: human.opponent(),
                };
            }
        }
        Ok(())
    }

    /// Takes back one ply against a person, or back to a person's turn against the
    /// computer (usually two plies). Revives a finished game. Returns plies undone.
    pub fn undo(&mut self) -> Result<usize, GameError> {
        let g = self.live()?;
        if g.board.move_count() == 0 {
            return Err(GameError::NothingToUndo);
        }
        let mut undone = 0;
        while g.board.undo().is_some() {
            g.move_ms.pop();
            undone += 1;
            let human_to_move = !g.mode.is_computer(g.board.side_to_move());
            if g.mode == GameMode::ComputerVsComputer || human_to_move || g.board.move_count() == 0
            {
                break;
            }
        }
        if g.mode == GameMode::ComputerVsComputer {
            g.paused = true; // let the player look, Space resumes
        }
        g.result = None;
        g.announced = false;
        g.hint = None;
        g.turn_started = Instant::now();
        Ok(undone)
    }

    /// Against the computer, the person takes the other colour (the computer then moves).
    pub fn swap_sides(&mut self) -> Result<bool, GameError> {
        let g = self.live()?;
        match g.mode {
            GameMode::HumanVsComputer { human } if !g.is_over() => {
                g.mode = GameMode::HumanVsComputer {
                    human: human.opponent(),
                };
                g.hint = None;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Shows the engine's suggestion on the board.
    pub fn set_hint(&mut self, pos: Option<Pos>) {
        if let Some(g) = self.game.as_mut() {
            g.hint = pos.filter(|&p| g.board.is_empty(p));
        }
    }

    /// Pauses or resumes Computer vs Computer.
    pub fn toggle_pause(&mut self) -> bool {
        match self.game.as_mut() {
            Some(g) if g.mode == GameMode::ComputerVsComputer => {
                g.paused = !g.paused;
                g.paused
            }
            _ => false,
        }
    }

    /// One move of a paused Computer vs Computer game: unpause for exactly one move.
    pub fn step_once(&mut self) {
        if let Some(g) = self.game.as_mut() {
            g.paused = false;
        }
    }

    /// Re-pauses after a stepped move.
    pub fn pause(&mut self) {
        if let Some(g) = self.game.as_mut() {
            g.paused = g.mode == GameMode::ComputerVsComputer;
        }
    }

    /// What needs doing this frame: an ending to announce, or the computer to move.
    pub fn update(&mut self) -> Vec<Signal> {
        let Some(g) = self.game.as_mut() else {
            return Vec::new();
        };
        match &g.result {
            Some(result) if !g.announced => {
                g.announced = true;
                vec![Signal::GameOver(result.clone())]
            }
            Some(_) => Vec::new(),
            None if g.is_computer_turn() => vec![Signal::ComputerToMove],
            None => Vec::new(),
        }
    }

    /// The side to move, if a game exists.
    pub fn side_to_move(&self) -> Option<Stone> {
        self.game.as_ref().map(|g| g.board.side_to_move())
    }
}

#[cfg(test)]
mod tests;
