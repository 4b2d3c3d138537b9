//! What a person asked for this frame, as values. Objects and keys produce them; the
//! event manager orders them and the handlers turn them into session commands and
//! screen changes. (What the game itself did comes back from the session as
//! [`crate::game::GameEvent`]s.)

use super::fields::Field;
use crate::engine::Pos;
use crate::game::analysis::StudyCommand;
use crate::game::settings::Setting;
use crate::game::swap2::Swap2Choice;

/// A request or a fact for the event manager.
#[derive(Clone, Debug)]
pub enum Event {
    Quit,
    BackToMenu,
    NewGame,
    Resume,
    Restart,
    /// A menu setting one step forward (+1) or back (-1).
    Cycle(Setting, i8),
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
    /// A choice in a swap2 opening.
    Swap2(Swap2Choice),
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
    /// The analysis panel: on/off, stop/continue, heatmap, forced win and its steps.
    Study(StudyCommand),
    /// Start (or stop and save) a profiler capture of the analysis on show.
    ProfileAnalysis,
    /// Hide the victory banner to study the final position, or show it again.
    ToggleBanner,
    /// Show the move list from this row (`None`: follow the newest move).
    MovesFrom(Option<usize>),
    /// Move the menu's keyboard focus up (-1) or down (+1).
    MenuFocus(i32),
    /// Open the set-up screen (with the position on show, if any).
    OpenSetup,
    /// On the set-up screen.
    Setup(SetupAction),
}

/// What the set-up screen's clicks and buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// Place a stone on an empty point, or remove the stone there.
    Click(Pos),
    /// Which colour clicks place: alternate, black, white.
    Brush,
    /// The other side to move.
    ToMove,
    Clear,
    /// A new game from this position with the menu's players and level.
    Play,
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
    /// | 80 | NewGame, Resume, Restart, OpenRecords, OpenRecord, ReviewGame, ContinueFromHere, Paste, OpenSetup, Setup(Play), HostGame, JoinGame | a fresh screen or position before anything acts on the old one |
    /// | 70 | Undo, Resign | the player asked to go back or to stop: before a click of the same frame |
    /// | 65 | Swap, Swap2 | changes who moves before any move is taken |
    /// | 60 | PlayForMe, Hint, OfferDraw, Answer | requests about the position as the player sees it |
    /// | 50 | PlaceStone | a move after every request about the position as it was |
    /// | 50 | Setup (but Play) | a stone on the set-up board, like a move |
    /// | 10 | settings, fields, engines, toggles, scrolling, review steps, copy, analysis, banner | cosmetic or read-only, order-free |
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
            | Event::OpenSetup
            | Event::Setup(SetupAction::Play)
            | Event::HostGame
            | Event::JoinGame => 80,
            Event::Undo | Event::Resign => 70,
            Event::Swap | Event::Swap2(_) => 65,
            Event::PlayForMe | Event::Hint | Event::OfferDraw | Event::Answer(_) => 60,
            Event::PlaceStone(_) | Event::Setup(_) => 50,
            Event::Cycle(..)
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
            | Event::CopyPosition
            | Event::Study(_)
            | Event::ProfileAnalysis
            | Event::ToggleBanner
            | Event::MovesFrom(_)
            | Event::MenuFocus(_) => 10,
        }
    }
}
