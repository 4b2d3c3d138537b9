//! Renju's forbidden points on the board: the position on show handed to the cache once
//! a frame, after the handlers, so drawing only reads the points.

use super::study::shown;
use super::Application;
use crate::app::screen::Screen;

impl Application {
    /// Follows the position on show; the points are worked out only when it changed,
    /// and a game that is over has none.
    pub(super) fn follow_marks(&mut self) {
        let over =
            self.ui.screen == Screen::Game && self.manager.game().is_some_and(|g| g.is_over());
        let position = shown(&self.manager, &self.ui).filter(|_| !over);
        if self.ui.forbidden.follows(position) {
            return;
        }
        let owned = position.map(|(b, r)| (b.clone(), r));
        self.ui
            .forbidden
            .follow(owned.as_ref().map(|(b, r)| (b, *r)));
    }
}
