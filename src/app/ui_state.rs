//! State that belongs to the interface, not to the game.

use super::fields::Fields;
use super::screen::Screen;
use crate::game::analysis::Study;
use crate::game::marks::ForbiddenMarks;
use crate::game::prefs::Prefs;
use crate::game::record::store::sort_listed;
use crate::game::record::Listed;
use crate::game::review::Review;
use crate::game::setup::Setup;
use std::path::PathBuf;
use std::time::Duration;

/// How long a message stays up.
pub const TOAST_FOR: Duration = Duration::from_secs(6);

/// The interface's own state.
#[derive(Debug)]
pub struct UiState {
    pub screen: Screen,
    pub show_numbers: bool,
    pub muted: bool,
    /// A short message and the clock time it was posted.
    pub toast: Option<(String, Duration)>,
    pub quit: bool,
    /// Where records and profiler traces go.
    pub data_dir: PathBuf,
    /// The records list, filled in as the background reader finds entries.
    pub records: Vec<Listed>,
    /// True until the whole folder has been read.
    pub records_loading: bool,
    /// First records-list row on screen.
    pub records_scroll: usize,
    /// The game being reviewed.
    pub review: Option<Review>,
    /// The clock's time this frame (toasts are stamped with it).
    pub now: Duration,
    /// The analysis panel and what it shows.
    pub study: Study,
    /// The analysis search a profiler capture started from the panel is recording.
    pub capture: Option<u64>,
    /// The position being set up (set-up screen).
    pub setup: Option<Setup>,
    /// The victory banner is on screen.
    pub banner: bool,
    /// First row of the move list on show; `None` follows the newest move.
    pub moves_scroll: Option<usize>,
    /// The menu row the arrow keys act on.
    pub menu_focus: Option<usize>,
    /// The clock's time when the analysis on show was asked for.
    pub analysis_since: Duration,
    /// What the settings file holds (engines, port, address, name).
    pub prefs: Prefs,
    /// The menu's text fields.
    pub fields: Fields,
    /// The latest `MESSAGE` of each colour's outside engine.
    pub engine_messages: [Option<String>; 2],
    /// The port this machine hosts a game on.
    pub hosting_port: Option<u16>,
    /// Renju's forbidden points in the position on show, when Black is to move.
    pub forbidden: ForbiddenMarks,
}

impl UiState {
    pub fn new(data_dir: PathBuf) -> UiState {
        UiState {
            screen: Screen::Menu,
            show_numbers: false,
            muted: false,
            toast: None,
            quit: false,
            data_dir,
            records: Vec::new(),
            records_loading: false,
            records_scroll: 0,
            review: None,
            now: Duration::ZERO,
            study: Study::default(),
            capture: None,
            setup: None,
            banner: false,
            moves_scroll: None,
            menu_focus: None,
            analysis_since: Duration::ZERO,
            prefs: Prefs::default(),
            fields: Fields::default(),
            engine_messages: [None, None],
            hosting_port: None,
            forbidden: ForbiddenMarks::default(),
        }
    }

    /// Takes the settings file's values, and fills the fields from them.
    pub fn set_prefs(&mut self, prefs: Prefs) {
        self.fields.port = prefs.host_port.to_string();
        self.fields.address = prefs.join_address.clone();
        self.prefs = prefs;
    }

    pub fn toast(&mut self, text: impl Into<String>) {
        self.toast = Some((text.into(), self.now));
    }

    /// The message on show at `now`, if any.
    pub fn toast_at(&self, now: Duration) -> Option<&str> {
        self.toast
            .as_ref()
            .filter(|(_, t)| now.saturating_sub(*t) < TOAST_FOR)
            .map(|(s, _)| s.as_str())
    }

    /// When the message on show goes away.
    pub fn toast_expiry(&self) -> Option<Duration> {
        self.toast.as_ref().map(|(_, t)| *t + TOAST_FOR)
    }

    /// How long the analysis on show has run, while it runs (the panel's clock ticks
    /// between the engine's reports, which come only when a line is finished).
    pub fn analysis_time(&self, now: Duration) -> Option<Duration> {
        self.study
            .is_running()
            .then(|| now.saturating_sub(self.analysis_since))
    }

    /// Adds entries read in the background, keeping the list's order.
    pub fn add_records(&mut self, entries: Vec<Listed>) {
        if !entries.is_empty() {
            self.records.extend(entries);
            sort_listed(&mut self.records);
        }
    }

    /// Scrolls the list; the last record can scroll up to the top row.
    pub fn scroll_records(&mut self, delta: i32) {
        let max = self.records.len().saturating_sub(1) as i64;
        self.records_scroll = (self.records_scroll as i64 + delta as i64).clamp(0, max) as usize;
    }
}
