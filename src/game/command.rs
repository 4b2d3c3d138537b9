//! The session's language: commands in, events out, and the search requests it hands
//! to whoever runs the engine.

use super::play::{Game, GameError};
use super::record::GameRecord;
use crate::engine::{Board, Level, Outcome, Pos, Rule, Stone};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiPurpose {
    /// The computer's own move.
    Move,
    /// A suggestion shown on the board (H).
    Hint,
    /// The move played for the person (Right arrow).
    PlayForMe,
}

/// A search the session wants run; the answer comes back as [`Command::SearchDone`]
/// with the same ticket (an answer with another ticket is stale and dropped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    pub ticket: u64,
    pub purpose: AiPurpose,
    pub board: Board,
    pub rule: Rule,
    pub level: Level,
}

/// A finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiReply {
    pub ticket: u64,
    pub best_move: Option<Pos>,
    /// Depth, score, nodes and time, for the log.
    pub note: String,
}

/// What a person (or the app on their behalf) asks of the session.
#[derive(Clone, Debug)]
pub enum Command {
    /// A new game from the menu's settings.
    NewGame,
    /// A new game with the current game's own settings (mode, level, size, rule).
    Restart,
    /// Take over a saved game (already on disk: it is not saved again until it changes).
    Resume(Box<Game>),
    /// Play on from a position (continue from a reviewed move): a new game, saved anew.
    ContinueFrom(Box<Game>),
    /// The board is on screen: the computer may think.
    Show,
    /// The board left the screen: searches stop, the game is kept for Resume.
    Hide,
    /// A person's stone.
    Place(Pos),
    Undo,
    Swap,
    Hint,
    /// The computer plays the person's move (or steps a paused Computer vs Computer).
    PlayForMe,
    /// Pause or resume Computer vs Computer.
    TogglePause,
    SearchDone(AiReply),
}

/// Who put a stone down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Person,
    /// The engine, for its own side or on a person's behalf.
    Computer,
}

/// What happened, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEvent {
    /// A new board (its size may differ from the last).
    GameStarted,
    StonePlaced {
        pos: Pos,
        stone: Stone,
        by: Mover,
    },
    Undone {
        plies: usize,
    },
    /// A finished game is live again (undo after the end).
    Revived,
    SidesSwapped {
        human: Stone,
    },
    /// Sent once per ending.
    GameOver(Outcome),
    Paused(bool),
    SearchWanted(SearchRequest),
    /// The running search is void: stop it.
    SearchCancelled,
    HintReady(Pos),
    /// The command changed nothing, and why.
    Refused(GameError),
    /// The game changed: save this.
    RecordChanged(Box<GameRecord>),
}
