//! What a person asked for this frame, as values. Objects and keys produce them; the
//! event manager orders them and the handlers turn them into session commands and
//! screen changes. (What the game itself did comes back from the session as
//! [`crate::game::GameEvent`]s.)

use super::fields::Field;
use crate::engine::Pos;

/// A request or a fact for the event manager.
#[derive(Clone, Debug)]
pub enum Event {
    Quit,
    BackToMenu,
    NewGame,
    Resume,
    Restart,
    CycleMode,
    /// The program of computer slot `n`: 0 the opponent (Black in Computer vs
    /// Computer), 1 White in Computer vs Computer.
    CycleComputer(usize),
    CycleSize,
    CycleRule,
    CycleTime,
    /// Add the engine whose path is in its field / remove the opponent's engine.
    AddEngine,
    RemoveEngine,
    /// Host a game on the port in its field / join the address in its field.
    HostGame,
    JoinGame,
    Resign,
    OfferDraw,
    /// Accept (true) or decline the other player's offer.
    Answer(bool),
    /// The keyboard types into this field.
    Focus(Field),
    Typed(String),
    EraseChar,
    /// Enter in a field: do what the field is for.
    SubmitField,
    /// Esc in a field: stop typing into it.
    StopEditing,
    Undo,
    Swap,
    PlayForMe,
    Hint,
    PlaceStone(Pos),
    /// Step through the game just played (the victory banner's Review).
    ReviewGame,
    TogglePause,
    ToggleNumbers,
    ToggleMute,
    ToggleProfiler,
    OpenRecords,
    /// Open entry `n` of the records list for review.
    OpenRecord(usize),
    ScrollRecords(i32),
    /// Move the review cursor by this many moves.
    ReviewStep(i64),
    ContinueFromHere,
    /// Copy the game as a position string (and save a .psq beside the records).
    CopyPosition,
    /// Import a game from the clipboard.
    Paste,
}

impl Event {
    /// Higher runs first within a frame; equal priorities keep their arrival order. The
    /// computer's answers and the session's own timing are handled after all of them
    /// (a person's move beats the computer's answer of the same frame).
    ///
    /// | priority | events | why |
    /// |---|---|---|
    /// | 100 | Quit | closing the window beats everything |
    /// | 90 | BackToMenu | leaving the board voids moves and AI answers of this frame |
    /// | 80 | NewGame, Resume, Restart, OpenRecords, OpenRecord, ReviewGame, ContinueFromHere, Paste, HostGame, JoinGame | a fresh screen or position before anything acts on the old one |
    /// | 70 | Undo, Resign | the player asked to go back or to stop: before a click of the same frame |
    /// | 65 | Swap | changes who moves before any move is taken |
    /// | 60 | PlayForMe, Hint, OfferDraw, Answer | requests about the position as the player sees it |
    /// | 50 | PlaceStone | a move after every request about the position as it was |
    /// | 10 | settings, fields, engines, toggles, scrolling, review steps, copy | cosmetic or read-only, order-free |
    pub fn priority(&self) -> u8 {
        match self {
            Event::Quit => 100,
            Event::BackToMenu => 90,
            Event::NewGame
            | Event::Resume
            | Event::Restart
            | Event::OpenRecords
            | Event::OpenRecord(_)
            | Event::ReviewGame
            | Event::ContinueFromHere
            | Event::Paste
            | Event::HostGame
            | Event::JoinGame => 80,
            Event::Undo | Event::Resign => 70,
            Event::Swap => 65,
            Event::PlayForMe | Event::Hint | Event::OfferDraw | Event::Answer(_) => 60,
            Event::PlaceStone(_) => 50,
            Event::CycleMode
            | Event::CycleComputer(_)
            | Event::CycleSize
            | Event::CycleRule
            | Event::CycleTime
            | Event::AddEngine
            | Event::RemoveEngine
            | Event::Focus(_)
            | Event::Typed(_)
            | Event::EraseChar
            | Event::SubmitField
            | Event::StopEditing
            | Event::TogglePause
            | Event::ToggleNumbers
            | Event::ToggleMute
            | Event::ToggleProfiler
            | Event::ScrollRecords(_)
            | Event::ReviewStep(_)
            | Event::CopyPosition => 10,
        }
    }
}
