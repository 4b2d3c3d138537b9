//! The analysis panel's side of the loop: the position on show handed to the study each
//! frame, its requests carried to the analysis threads, their reports taken a few times
//! a second (never waited for), and a profiler capture of the search on show.

use super::Application;
use crate::app::screen::Screen;
use crate::app::ui_state::UiState;
use crate::engine::{Board, Rule};
use crate::game::analysis::{StudyCommand, StudyEvent};
use crate::game::ChessManager;
use std::time::Duration;

/// How often the panel takes a new report while a search runs.
pub const REPORT_EVERY: Duration = Duration::from_millis(150);

/// The position on show: the game, the reviewed move, or the set-up board.
pub(super) fn shown<'a>(manager: &'a ChessManager, ui: &'a UiState) -> Option<(&'a Board, Rule)> {
    match ui.screen {
        Screen::Game => manager.game().map(|g| (g.board(), g.rule())),
        Screen::Review => ui.review.as_ref().map(|r| (r.board(), r.record().rule)),
        Screen::Setup => ui
            .setup
            .as_ref()
            .map(|s| (s.board(), manager.settings.rule)),
        Screen::Menu | Screen::Records => None,
    }
}

/// The position the analysis may study: the one on show, but not a network game's
/// while it is played (its players get no hints).
fn studied<'a>(manager: &'a ChessManager, ui: &'a UiState) -> Option<(&'a Board, Rule)> {
    let playing = ui.screen == Screen::Game && manager.playing_network();
    shown(manager, ui).filter(|_| !playing)
}

impl Application {
    /// The board on show, if the screen has one.
    pub(super) fn shown_board(&self) -> Option<&Board> {
        shown(&self.manager, &self.ui).map(|(b, _)| b)
    }

    /// True when the analysis column is on show: switched on, with a position to study.
    pub(super) fn analysis_column(&self) -> bool {
        self.ui.study.is_on() && studied(&self.manager, &self.ui).is_some()
    }

    /// Hands the position on show to the study; a new one is analysed afresh.
    pub(super) fn follow_study(&mut self) {
        let position = studied(&self.manager, &self.ui).map(|(b, r)| (b.clone(), r));
        let events = self
            .ui
            .study
            .follow(position.as_ref().map(|(b, r)| (b, *r)));
        self.carry_study(events);
        self.finish_capture();
    }

    /// Carries the study's requests to the analysis threads.
    pub(super) fn carry_study(&mut self, events: Vec<StudyEvent>) {
        for event in events {
            self.redraw.pending = true;
            match event {
                StudyEvent::Analyse(request) => {
                    self.ui.analysis_since = self.clock.now();
                    self.analysis.analyse(request);
                }
                StudyEvent::StopAnalysis => self.analysis.stop(),
                StudyEvent::FindWin(request) => self.analysis.find_win(request),
                StudyEvent::StopFinder => self.analysis.stop_finder(),
            }
        }
    }

    /// Takes the finder's answers, and the newest analysis report when one is due.
    pub(super) fn poll_study(&mut self, now: Duration) {
        for (ticket, found) in self.analysis.found() {
            self.ui.study.apply(StudyCommand::Found(ticket, found));
            self.redraw.pending = true;
        }
        let due = match self.analysis.waiting() {
            Some(done) => done || now >= self.study_pick,
            None => false,
        };
        // Not due: the report stays in the slot (the worker keeps only the newest).
        if let Some((ticket, report)) = due.then(|| self.analysis.take()).flatten() {
            self.ui.study.apply(StudyCommand::Report(ticket, report));
            self.study_pick = now + REPORT_EVERY;
            self.redraw.pending = true;
        }
        self.finish_capture();
    }

    /// When a report is waiting: the time it is due.
    pub(super) fn study_wake(&self) -> Option<Duration> {
        self.analysis.waiting().map(|_| self.study_pick)
    }

    /// A capture started from the panel ends with its search (stopped, finished, or
    /// replaced by another position's): the trace holds exactly that search.
    fn finish_capture(&mut self) {
        let Some(ticket) = self.ui.capture else {
            return;
        };
        if self.ui.study.ticket() == Some(ticket) && self.ui.study.is_running() {
            return;
        }
        self.ui.capture = None;
        if crate::profiler::is_enabled() {
            let path = crate::app::handlers::trace_path(&self.ui.data_dir);
            self.write_trace(path);
        }
    }
}
