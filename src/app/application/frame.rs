//! One turn of the loop: input, objects, handlers, the session, drawing if needed.

use super::{Application, THINK_TICK};
use crate::app::event::Event;
use crate::app::handlers::{self, Context, Effects};
use crate::app::input;
use crate::app::reactions::{react, Reactor};
use crate::app::scene::View;
use crate::app::scenes;
use crate::app::screen::{Screen, ScreenCommand};
use sdl2::event::Event as SdlEvent;
use std::time::Duration;

impl Application {
    /// One frame without waiting (tests and tools): whatever is queued, then drawing if
    /// the picture changed.
    pub fn step_frame(&mut self) {
        self.frame(None);
    }

    /// Runs `n` frames back to back without waiting (tests and tools).
    pub fn run_frames(&mut self, n: u64) {
        for _ in 0..n {
            self.frame(None);
        }
    }

    /// One frame, starting with an event already taken from SDL's queue. Returns true
    /// when it drew.
    pub(super) fn frame(&mut self, first: Option<SdlEvent>) -> bool {
        crate::profile_scope!("frame");
        let now = self.clock.now();
        self.ui.now = now;
        self.input = input::collect(first, &mut self.pump, self.scale, &self.input);
        if self.input.resized {
            self.relayout();
        }
        self.redraw.pending |= self.input.changed;
        let events = self.gather_events(now);
        self.queue.push_all(events);
        while let Some(event) = self.queue.pop() {
            self.run_handler(|cx| handlers::handle(event, cx));
        }
        self.poll_workers(now);
        let ticked = self.manager.tick(now);
        self.carry_out(Effects {
            game: ticked,
            ..Effects::default()
        });
        self.follow_study();
        self.follow_marks();
        self.fit_layout();
        self.frames += 1;
        self.draw_if_changed(now)
    }

    /// Runs a handler with everything it may touch, then carries out what it asked.
    pub(super) fn run_handler(&mut self, f: impl FnOnce(&mut Context)) {
        let mut out = Effects::default();
        let mut cx = Context {
            manager: &mut self.manager,
            ui: &mut self.ui,
            now: self.clock.now(),
            clipboard: &self.clipboard,
            writer: self.writer.as_ref(),
            records_dir: self.store.as_ref().map(|s| s.dir()),
            out: &mut out,
        };
        f(&mut cx);
        self.carry_out(out);
    }

    /// Screen changes first, then what the game events mean (sounds, searches, saves,
    /// banners), then the background work asked for.
    pub(super) fn carry_out(&mut self, fx: Effects) {
        let changed = !(fx.game.is_empty() && fx.screen.is_empty());
        for command in fx.screen {
            scenes::apply(command, &mut self.scene, &mut self.ui);
        }
        let mut screen = Vec::new();
        let mut r = Reactor {
            ai: &mut self.ai,
            swap2: &self.swap2,
            seats: &mut self.seats,
            net: self.net.as_ref(),
            writer: self.writer.as_ref(),
            sound: &self.sound,
            ui: &mut self.ui,
            screen: &mut screen,
        };
        for event in fx.game {
            react(event, &mut r);
        }
        for command in screen {
            scenes::apply(command, &mut self.scene, &mut self.ui);
        }
        if fx.list_records {
            self.list_records();
        }
        if let Some(path) = fx.write_trace {
            self.write_trace(path);
        }
        let studied = !fx.study.is_empty();
        self.carry_study(fx.study);
        if fx.save_prefs {
            self.save_prefs();
        }
        if let Some(request) = fx.net {
            self.open_link(request);
        }
        self.drop_unused_link();
        self.redraw.pending |= changed || studied;
    }

    pub(super) fn show(&mut self, screen: Screen) {
        scenes::apply(ScreenCommand::Show(screen), &mut self.scene, &mut self.ui);
        self.redraw.pending = true;
    }

    fn gather_events(&mut self, now: Duration) -> Vec<Event> {
        crate::profile_scope!("update");
        let view = View::new(&self.manager, &self.layout, &self.ui, self.input.mouse, now);
        let mut events = self.scene.update(&self.input, &view);
        let screen = self.ui.screen;
        if self.ui.fields.editing.is_some() {
            events.extend(
                self.input
                    .keys
                    .iter()
                    .filter_map(|&k| input::map_editing_key(k)),
            );
            if !self.input.text.is_empty() {
                events.push(Event::Typed(self.input.text.clone()));
            }
        } else {
            events.extend(
                self.input
                    .keys
                    .iter()
                    .filter_map(|&k| input::map_key(k, screen)),
            );
        }
        if self.input.quit {
            events.push(Event::Quit);
        }
        events
    }

    /// A new game may have another board size, the analysis column comes and goes, and
    /// the banner keeps clear of the winning row and the last stones.
    fn fit_layout(&mut self) {
        let size = self.shown_board().map(|b| (b.width(), b.height()));
        let column = self.analysis_column();
        if size.is_some_and(|s| s != (self.layout.cols, self.layout.rows))
            || column != self.layout.analysis.is_some()
        {
            self.relayout();
        }
        self.layout.banner_clear = self.manager.game().map_or(Vec::new(), |g| {
            // In a swap2 opening the choice is made looking at every stone.
            let keep = if g.swap2().is_some() { usize::MAX } else { 4 };
            let last = g.board().moves().iter().rev().take(keep).map(|m| m.pos);
            g.winning_line()
                .unwrap_or(&[])
                .iter()
                .copied()
                .chain(last)
                .collect()
        });
    }

    /// Draws when something on screen changed: an event, the mouse over something new,
    /// the thinking clock's next quarter second, a message coming or going.
    fn draw_if_changed(&mut self, now: Duration) -> bool {
        let view = View::new(&self.manager, &self.layout, &self.ui, self.input.mouse, now);
        let hover = self.scene.hover_signature(&view);
        let quarter = |t: Duration| t.as_nanos() / THINK_TICK.as_nanos();
        // Both clocks only move on while they run: their sum moves when either does.
        let thinking = match (view.thinking, self.ui.analysis_time(now)) {
            (None, None) => None,
            (a, b) => Some(a.map_or(0, |(_, t)| quarter(t)) + b.map_or(0, quarter)),
        };
        let toast_on = self.ui.toast_at(now).is_some();
        let clocks = self.clock_faces(now);
        let r = &mut self.redraw;
        let moved =
            (hover, thinking, toast_on, clocks) != (r.hover, r.thinking, r.toast_on, r.clocks);
        (r.hover, r.thinking, r.toast_on, r.clocks) = (hover, thinking, toast_on, clocks);
        if !(r.pending || moved) {
            return false;
        }
        r.pending = false;
        self.draw(now);
        self.gfx.canvas.present();
        self.draws += 1;
        true
    }

    pub(super) fn draw(&mut self, now: Duration) {
        crate::profile_scope!("draw");
        let view = View::new(&self.manager, &self.layout, &self.ui, self.input.mouse, now);
        self.scene.draw(&mut self.gfx, &view);
    }
}
