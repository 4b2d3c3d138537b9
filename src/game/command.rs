//! The session's language: commands in, events out, and the search requests it hands
//! to whoever runs the engine.

use super::computer::Computer;
use super::net::message::{Message, Offer};
use super::play::{Game, GameError};
use super::record::GameRecord;
use super::swap2::{Role, Swap2Choice, Swap2Decision};
use super::swap2_worker::Swap2Request;
use super::time_control::EngineTime;
use crate::engine::{Board, Outcome, Pos, Rule, Stone};
use std::time::Duration;

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
    /// Who searches: our engine at a level, or an outside pbrain engine.
    pub computer: Computer,
    /// The game it is for: an outside engine starts afresh for another game.
    pub game_id: String,
    /// The most our engine may think (from the clock); a level's own budget is kept
    /// when shorter.
    pub time_cap: Option<Duration>,
    /// What an outside engine is told about its time.
    pub engine_time: EngineTime,
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
    /// A person's choice in a swap2 opening.
    Swap2(Swap2Choice),
    /// The computer's swap2 decision `ticket` (dropped unless it is the one awaited).
    Swap2Decided {
        ticket: u64,
        decision: Swap2Decision,
    },
    Hint,
    /// The computer plays the person's move (or steps a paused Computer vs Computer).
    PlayForMe,
    /// Pause or resume Computer vs Computer.
    TogglePause,
    SearchDone(AiReply),
    /// The program asked for search `ticket` failed (an outside engine was late,
    /// played an illegal move, answered garbage or crashed): its side loses.
    SearchFailed {
        ticket: u64,
        reason: String,
    },
    /// The person to move gives up (in a network game: the person here).
    Resign,
    /// Network: ask the other player for a draw.
    OfferDraw,
    /// Network: accept (true) or decline the other player's offer.
    Answer(bool),
    /// Host a network game with the menu's settings; the person here plays `local`.
    HostGame {
        local: Stone,
    },
    /// Join a network game: the host's first state starts it.
    JoinGame,
    /// This machine leaves the network game (its link is closed).
    LeaveNetwork,
    /// What the network link reports.
    Net(NetInput),
}

/// What the network link reports to the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetInput {
    /// The handshake is done (again, after a reconnection).
    Connected {
        peer: String,
    },
    /// The link dropped; it may come back.
    Disconnected {
        reason: String,
    },
    /// The link is gone for good (the other player left, or cannot be reached).
    Closed {
        reason: String,
    },
    Received(Message),
}

/// The network link as the players see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkStatus {
    Connected {
        peer: String,
    },
    /// Paused: waiting for the other player (to join, or to come back).
    Waiting {
        reason: String,
    },
    Closed {
        reason: String,
    },
}

/// Who put a stone down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Person,
    /// The engine, for its own side or on a person's behalf.
    Computer,
    /// The other player of a network game.
    Remote,
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
    /// The computer acts in a swap2 opening: decide this (on another thread).
    Swap2Wanted(Swap2Request),
    /// A swap2 opening waits for `chooser` to choose.
    Swap2Asked {
        chooser: Role,
    },
    /// A swap2 choice was made.
    Swap2Chose {
        by: Role,
        choice: Swap2Choice,
    },
    /// The swap2 opening is over: the first player plays `first` (and the person here
    /// `you`, against the computer); White moves next.
    Swap2Over {
        first: Stone,
        you: Option<Stone>,
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
    /// A message for the other player of a network game.
    Send(Message),
    /// Close the network link: the other side broke the protocol (it was told why).
    Hangup(String),
    /// The other player asks for an undo or a draw.
    OfferReceived(Offer),
    /// The other player answered our offer.
    OfferAnswered {
        offer: Offer,
        accepted: bool,
    },
    /// The network link came up, dropped (the game pauses) or closed.
    Link(LinkStatus),
}
