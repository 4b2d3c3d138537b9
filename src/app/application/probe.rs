//! What tests and tools may read from a running [`Application`]: frames, state, screen,
//! layout, pixels, and the SDL handles for injecting input.

use super::config::{sdl, AppError};
use super::Application;
use crate::app::layout::Layout;
use crate::app::screen::Screen;
use crate::game::ChessManager;
use sdl2::clipboard::ClipboardUtil;
use sdl2::pixels::PixelFormatEnum;
use sdl2::rect::Rect as SdlRect;
use sdl2::EventSubsystem;

impl Application {
    /// Draws the current frame and reads back a rectangle as RGBA bytes (tests, screenshots).
    pub fn read_pixels(&mut self, x: i32, y: i32, w: u32, h: u32) -> Result<Vec<u8>, AppError> {
        self.draw(self.ui.now);
        sdl(self
            .gfx
            .canvas
            .read_pixels(SdlRect::new(x, y, w, h), PixelFormatEnum::RGBA32))
    }

    /// Turns of the frame loop.
    pub fn frames(&self) -> u64 {
        self.frames
    }
    /// Frames actually drawn (only those whose picture changed).
    pub fn draws(&self) -> u64 {
        self.draws
    }
    pub fn manager(&self) -> &ChessManager {
        &self.manager
    }
    pub fn screen(&self) -> Screen {
        self.ui.screen
    }
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    pub fn scene_names(&self) -> Vec<&'static str> {
        self.scene.names()
    }
    /// True while the AI is searching.
    pub fn ai_busy(&self) -> bool {
        self.manager.thinking(self.ui.now).is_some()
    }
    /// The game under review, if the Review screen was opened.
    pub fn review(&self) -> Option<&crate::game::review::Review> {
        self.ui.review.as_ref()
    }
    /// The message on screen, if any.
    pub fn toast(&self) -> Option<&str> {
        self.ui.toast_at(self.ui.now)
    }
    /// Entries on the Records screen (`Err` for unreadable files).
    pub fn records_listed(&self) -> usize {
        self.ui.records.len()
    }
    /// True while the Records screen's list is still being read.
    pub fn records_loading(&self) -> bool {
        self.ui.records_loading
    }
    /// Waits until every save asked for so far is on disk.
    pub fn flush_records(&self) {
        if let Some(w) = &self.writer {
            w.flush();
        }
    }
    /// The latest `MESSAGE` line of the outside engine playing `stone`.
    pub fn engine_message(&self, stone: crate::engine::Stone) -> Option<&str> {
        self.ui.engine_messages[stone.index()].as_deref()
    }
    /// The port this machine hosts a network game on.
    pub fn hosting_port(&self) -> Option<u16> {
        self.ui.hosting_port
    }
    /// What the settings file holds (as loaded and changed since).
    pub fn prefs(&self) -> &crate::game::prefs::Prefs {
        &self.ui.prefs
    }
    /// The field the keyboard types into, if any.
    pub fn editing(&self) -> Option<crate::app::fields::Field> {
        self.ui.fields.editing
    }
    pub fn clipboard(&self) -> &ClipboardUtil {
        &self.clipboard
    }
    pub fn is_quitting(&self) -> bool {
        self.ui.quit
    }
    /// For injecting input in tests: SDL's event queue and the window's id.
    pub fn event_subsystem(&self) -> &EventSubsystem {
        &self.events
    }
    pub fn window_id(&self) -> u32 {
        self.window_id
    }
    /// Window coordinates -> drawable pixels factor (HiDPI).
    pub fn pixel_scale(&self) -> f32 {
        self.scale
    }
}

impl Application {
    /// Renju's forbidden points marked on the board, and how often they were worked out.
    pub fn forbidden_marks(&self) -> &crate::game::marks::ForbiddenMarks {
        &self.ui.forbidden
    }
    /// The analysis panel's state.
    pub fn study(&self) -> &crate::game::analysis::Study {
        &self.ui.study
    }
    /// The position being set up, on the set-up screen.
    pub fn setup(&self) -> Option<&crate::game::setup::Setup> {
        self.ui.setup.as_ref()
    }
    /// True while the victory banner is on screen.
    pub fn banner_shown(&self) -> bool {
        self.ui.banner
    }
    /// The move list's first row, when scrolled by hand.
    pub fn moves_scroll(&self) -> Option<usize> {
        self.ui.moves_scroll
    }
    /// The menu row the arrow keys act on.
    pub fn menu_focus(&self) -> Option<usize> {
        self.ui.menu_focus
    }
    /// Where the message on show is drawn.
    pub fn toast_rect(&self) -> Option<crate::app::layout::Rect> {
        let text = self.ui.toast_at(self.ui.now)?;
        let (r, _) =
            crate::app::objects::toast::toast_box(&self.gfx, &self.layout, self.ui.screen, text);
        Some(r)
    }
    /// Width of `text` at `px` pixels, as drawn.
    pub fn text_width(&self, text: &str, px: f32) -> f32 {
        self.gfx.measure(text, px, false).0
    }

    /// Sleeps until an SDL event (a worker's wake-up included) arrives or `limit`
    /// passes, then runs one frame. For tests waiting on the AI without polling.
    pub fn wait_frame(&mut self, limit: std::time::Duration) {
        let first = self
            .pump
            .wait_event_timeout(limit.as_millis().clamp(1, u32::MAX as u128) as u32);
        self.frame(first);
    }
}
