//! What the analysis panel is doing: on or off, searching or stopped, the newest report
//! for the position on show, and the forced-win finder's result with its step cursor.
//!
//! Like the session it never runs a search itself: commands come in, [`StudyEvent`]s go
//! out for whoever runs the threads, and reports come back as commands carrying the
//! ticket they were asked with (older tickets are dropped). The position on show is
//! handed in every frame ([`Study::follow`]): the analysis restarts when it changes.

use super::worker::{AnalysisRequest, FinderRequest};
use super::FINDER_NODES;
use crate::engine::rules::outcome;
use crate::engine::strong::{Analysis, ForcedWin};
use crate::engine::{Board, Pos, Rule};

/// What the study asks of the analysis threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyEvent {
    /// Analyse this position until told otherwise (any older analysis is void).
    Analyse(AnalysisRequest),
    StopAnalysis,
    FindWin(FinderRequest),
    StopFinder,
}

/// What a person (or a thread's answer) asks of the study.
#[derive(Clone, Debug)]
pub enum StudyCommand {
    /// The analysis panel on or off.
    Toggle,
    /// Stop the search, or continue it.
    StopOrContinue,
    /// Search the position afresh (a profiler capture records one whole search).
    Restart,
    /// Look for a forced win for the side to move.
    FindWin,
    /// Move through the forced win's moves on the board.
    Step(i64),
    ToggleHeat,
    /// A report of analysis `ticket`.
    Report(u64, Analysis),
    /// The finder's answer to request `ticket`.
    Found(u64, ForcedWin),
}

/// The forced-win finder's state for the position on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finder {
    Idle,
    Searching,
    /// A winning sequence (attacker and defender alternating), `shown` moves of it on
    /// the board.
    Found {
        vct: bool,
        line: Vec<Pos>,
        shown: usize,
    },
    /// None found; `complete` when the searches ran to their limits (none exists
    /// within them) rather than out of budget.
    NoWin {
        complete: bool,
    },
}

/// The analysis panel's state.
#[derive(Clone, Debug)]
pub struct Study {
    on: bool,
    /// Stopped by the person (Stop); the last report stays on show.
    paused: bool,
    position: Option<(Board, Rule)>,
    last_ticket: u64,
    /// The analysis whose reports are taken, while it runs.
    current: Option<u64>,
    running: bool,
    latest: Option<Analysis>,
    finder: Finder,
    finder_ticket: Option<u64>,
    /// The heatmap on the board.
    pub show_heat: bool,
}

impl Default for Study {
    fn default() -> Self {
        Study {
            on: false,
            paused: false,
            position: None,
            last_ticket: 0,
            current: None,
            running: false,
            latest: None,
            finder: Finder::Idle,
            finder_ticket: None,
            show_heat: true,
        }
    }
}

impl Study {
    pub fn is_on(&self) -> bool {
        self.on
    }
    /// A search is running for the position on show.
    pub fn is_running(&self) -> bool {
        self.running && !self.paused
    }
    pub fn is_paused(&self) -> bool {
        self.paused
    }
    /// The analysis whose reports are taken (while it runs, and its last report after Stop).
    pub fn ticket(&self) -> Option<u64> {
        self.current
    }
    /// The newest report for the position on show.
    pub fn latest(&self) -> Option<&Analysis> {
        self.latest.as_ref()
    }
    pub fn finder(&self) -> &Finder {
        &self.finder
    }
    /// The position being studied.
    pub fn position(&self) -> Option<&(Board, Rule)> {
        self.position.as_ref()
    }
    /// True when the position on show is decided (nothing to analyse).
    pub fn is_over(&self) -> bool {
        self.position
            .as_ref()
            .is_some_and(|(b, r)| outcome(b, *r).is_some())
    }

    /// Hands in the position on show (`None` off the board screens): a new position is
    /// analysed afresh (even after Stop), and the finder's old answer goes.
    pub fn follow(&mut self, shown: Option<(&Board, Rule)>) -> Vec<StudyEvent> {
        let same = match (&self.position, shown) {
            (Some((b, r)), Some((nb, nr))) => b == nb && *r == nr,
            (None, None) => true,
            _ => false,
        };
        if same {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.position = shown.map(|(b, r)| (b.clone(), r));
        self.latest = None;
        self.reset_finder(&mut out);
        // Stop holds for one position: a new one is analysed afresh.
        self.paused = false;
        if self.on && self.analysable() {
            self.start(&mut out);
        } else {
            self.stop(&mut out);
        }
        out
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: StudyCommand) -> Vec<StudyEvent> {
        let mut out = Vec::new();
        match command {
            StudyCommand::Toggle => self.toggle(&mut out),
            StudyCommand::StopOrContinue if self.on => {
                if self.is_running() {
                    self.paused = true;
                    out.push(StudyEvent::StopAnalysis);
                } else {
                    self.paused = false;
                    self.start(&mut out);
                }
            }
            StudyCommand::Restart if self.on => {
                self.paused = false;
                self.start(&mut out);
            }
            StudyCommand::FindWin if self.on => self.find_win(&mut out),
            StudyCommand::Step(d) => self.step(d),
            StudyCommand::ToggleHeat => self.show_heat = !self.show_heat,
            StudyCommand::Report(ticket, a) => self.report(ticket, a),
            StudyCommand::Found(ticket, found) => self.found(ticket, found),
            _ => {}
        }
        out
    }

    fn toggle(&mut self, out: &mut Vec<StudyEvent>) {
        self.on = !self.on;
        self.paused = false;
        if self.on {
            self.start(out);
        } else {
            self.stop(out);
            self.reset_finder(out);
            self.latest = None;
        }
    }

    /// True when the position on show has moves left to analyse.
    fn analysable(&self) -> bool {
        self.position
            .as_ref()
            .is_some_and(|(b, _)| !b.is_full() && !self.is_over())
    }

    /// Analyses the position on show afresh (the worker drops the older search).
    fn start(&mut self, out: &mut Vec<StudyEvent>) {
        let Some((board, rule)) = self.position.clone().filter(|_| self.analysable()) else {
            return self.stop(out);
        };
        self.last_ticket += 1;
        self.current = Some(self.last_ticket);
        self.running = true;
        out.push(StudyEvent::Analyse(AnalysisRequest {
            ticket: self.last_ticket,
            board,
            rule,
        }));
    }

    fn stop(&mut self, out: &mut Vec<StudyEvent>) {
        if self.running {
            out.push(StudyEvent::StopAnalysis);
        }
        self.running = false;
        self.current = None;
    }

    /// Reports of the current analysis are kept (its last, `done`, one too, after Stop).
    fn report(&mut self, ticket: u64, a: Analysis) {
        if self.current != Some(ticket) {
            return;
        }
        if a.done {
            self.running = false;
        }
        self.latest = Some(a);
    }

    fn find_win(&mut self, out: &mut Vec<StudyEvent>) {
        let Some((board, rule)) = self.position.clone() else {
            return;
        };
        if self.is_over() {
            return;
        }
        self.last_ticket += 1;
        self.finder_ticket = Some(self.last_ticket);
        self.finder = Finder::Searching;
        out.push(StudyEvent::FindWin(FinderRequest {
            ticket: self.last_ticket,
            board,
            rule,
            nodes: FINDER_NODES,
        }));
    }

    fn found(&mut self, ticket: u64, found: ForcedWin) {
        if self.finder_ticket != Some(ticket) {
            return;
        }
        self.finder_ticket = None;
        self.finder = match found {
            ForcedWin::Vcf(line) => Finder::Found {
                vct: false,
                line,
                shown: 1,
            },
            ForcedWin::Vct(line) => Finder::Found {
                vct: true,
                line,
                shown: 1,
            },
            ForcedWin::None { complete } => Finder::NoWin { complete },
        };
    }

    fn step(&mut self, delta: i64) {
        if let Finder::Found { line, shown, .. } = &mut self.finder {
            *shown = (*shown as i64 + delta).clamp(0, line.len() as i64) as usize;
        }
    }

    fn reset_finder(&mut self, out: &mut Vec<StudyEvent>) {
        if self.finder_ticket.take().is_some() {
            out.push(StudyEvent::StopFinder);
        }
        self.finder = Finder::Idle;
    }
}

#[cfg(test)]
mod tests;
