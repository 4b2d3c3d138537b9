//! The game's ties to the outside: the settings file, the network link, the outside
//! engines' reports, and the clocks on the panel.

use super::Application;
use crate::app::handlers::{Effects, NetRequest};
use crate::app::screen::Screen;
use crate::game::external::Report;
use crate::game::net::{Limits, NetLink};
use crate::game::prefs::Prefs;
use crate::game::{AiReply, Command, GameEvent};
use crate::protocol::command::printable;
use std::sync::Arc;
use std::time::Duration;

impl Application {
    /// Reads the settings file once, at start (a small file, read with the checks every
    /// input gets); a bad one is named and the defaults are used.
    pub(super) fn load_prefs(&mut self) {
        let prefs = match &self.settings_file {
            Some(path) => Prefs::load(path).unwrap_or_else(|e| {
                self.ui.toast(e.to_string());
                Prefs::default()
            }),
            None => Prefs::default(),
        };
        self.ui.set_prefs(prefs);
    }

    /// Has the settings file written by the writer thread.
    pub(super) fn save_prefs(&mut self) {
        let Some(path) = self.settings_file.clone() else {
            return;
        };
        match &self.writer {
            Some(w) => w.write_file(path, self.ui.prefs.to_bytes()),
            None => self
                .ui
                .toast("Settings not saved: the data folder could not be opened"),
        }
    }

    /// Opens the link a handler asked for, then starts or joins the game on it.
    pub(super) fn open_link(&mut self, request: NetRequest) {
        let now = self.clock.now();
        let name = self.ui.prefs.name.clone();
        let wake = Arc::clone(&self.waker);
        match request {
            NetRequest::Host { port, local } => {
                match NetLink::host(port, &name, Limits::default(), wake) {
                    Ok(link) => {
                        self.ui.hosting_port = link.port();
                        self.net = Some(link);
                        self.run_handler(|cx| {
                            cx.command(Command::HostGame { local });
                            cx.command(Command::Show);
                            cx.show(Screen::Game);
                        });
                    }
                    Err(e) => self.ui.toast(format!("Cannot host on port {port}: {e}")),
                }
            }
            NetRequest::Join(address) => {
                self.ui.hosting_port = None;
                self.net = Some(NetLink::join(&address, &name, Limits::default(), wake));
                let events = self.manager.apply(Command::JoinGame, now);
                self.carry_out(Effects {
                    game: events,
                    ..Effects::default()
                });
            }
        }
    }

    /// The link goes when the session has left the network game (a new game, Leave,
    /// the other player gone).
    pub(super) fn drop_unused_link(&mut self) {
        if self.net.is_some() && self.manager.net().is_none() {
            self.net = None;
            self.ui.hosting_port = None;
        }
    }

    /// What the network link reported. A guest's first state starts the game: the
    /// board comes on screen.
    pub(super) fn poll_net(&mut self, now: Duration) {
        let inputs = self.net.as_ref().map(NetLink::poll).unwrap_or_default();
        for input in inputs {
            let events = self.manager.apply(Command::Net(input), now);
            let started = events.contains(&GameEvent::GameStarted);
            self.carry_out(Effects {
                game: events,
                ..Effects::default()
            });
            let networked = self.manager.game().is_some_and(|g| g.mode().is_network());
            if started && networked && self.ui.screen != Screen::Game {
                self.run_handler(|cx| {
                    cx.command(Command::Show);
                    cx.show(Screen::Game);
                });
            }
        }
    }

    /// What the outside engines reported: moves, failures, messages for the panel.
    pub(super) fn poll_seats(&mut self, now: Duration) {
        for (side, report) in self.seats.poll() {
            let command = match report {
                Report::Moved { ticket, pos } => Command::SearchDone(AiReply {
                    ticket,
                    best_move: Some(pos),
                    note: "outside engine".into(),
                }),
                Report::Failed { ticket, reason } => Command::SearchFailed { ticket, reason },
                Report::Message(text) => {
                    self.ui.engine_messages[side.index()] = Some(printable(&text, 200));
                    self.redraw.pending = true;
                    continue;
                }
            };
            let events = self.manager.apply(command, now);
            self.carry_out(Effects {
                game: events,
                ..Effects::default()
            });
        }
    }

    /// When a clock face on the panel next changes: the next whole second of the
    /// running clock, or tenth under ten seconds.
    pub(super) fn clock_tick(&self, now: Duration) -> Option<Duration> {
        let game = self.manager.game()?;
        let clocks = game.clocks();
        let left = clocks.left(clocks.running()?, now)?;
        let step = if left < Duration::from_secs(10) {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        };
        let into = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
        Some(now + into.max(Duration::from_millis(1)))
    }

    /// The clock faces as shown (tenths), to redraw when one changes.
    pub(super) fn clock_faces(&self, now: Duration) -> Option<[u64; 2]> {
        let clocks = self.manager.game()?.clocks();
        clocks.running()?;
        Some(clocks.left_ms(now).map(|ms| ms / 100))
    }
}
