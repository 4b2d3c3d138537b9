//! What a handler may touch, and what it hands back.

use crate::app::screen::{Screen, ScreenCommand};
use crate::app::ui_state::UiState;
use crate::game::analysis::{StudyCommand, StudyEvent};
use crate::game::record::RecordWriter;
use crate::game::{ChessManager, Command, GameEvent};
use sdl2::clipboard::ClipboardUtil;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What the handlers of one frame produced, for the application to carry out.
#[derive(Debug, Default)]
pub struct Effects {
    /// What the session did, in order (sounds, searches, saves, banners follow).
    pub game: Vec<GameEvent>,
    /// Screen changes, in order.
    pub screen: Vec<ScreenCommand>,
    /// Read the records folder afresh, in the background.
    pub list_records: bool,
    /// Write a profiler trace here, off the frame thread.
    pub write_trace: Option<PathBuf>,
    /// What the analysis panel asks of the analysis threads.
    pub study: Vec<StudyEvent>,
    /// The settings changed: write the settings file.
    pub save_prefs: bool,
    /// Open a network link (it closes by itself once the session leaves the game).
    pub net: Option<NetRequest>,
}

/// What the application does with network links (the handlers never touch sockets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// Listen on this port; the person here plays `local`.
    Host {
        port: u16,
        local: crate::engine::Stone,
    },
    /// Connect to `host:port`.
    Join(String),
}

/// Everything an event may change.
pub struct Context<'a> {
    pub manager: &'a mut ChessManager,
    pub ui: &'a mut UiState,
    /// The clock's time this frame.
    pub now: Duration,
    pub clipboard: &'a ClipboardUtil,
    /// `None` when the data directory could not be opened (the game still plays).
    pub writer: Option<&'a RecordWriter>,
    pub records_dir: Option<&'a Path>,
    pub out: &'a mut Effects,
}

impl Context<'_> {
    /// Hands a command to the session and keeps what happened.
    pub fn command(&mut self, command: Command) {
        let events = self.manager.apply(command, self.now);
        self.out.game.extend(events);
    }

    /// Hands a command to the analysis panel and keeps what it asks for.
    pub fn study(&mut self, command: StudyCommand) {
        let events = self.ui.study.apply(command);
        self.out.study.extend(events);
    }

    pub fn show(&mut self, screen: Screen) {
        self.out.screen.push(ScreenCommand::Show(screen));
    }
}
