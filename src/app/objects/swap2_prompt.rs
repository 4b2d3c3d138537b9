//! The swap2 question over the board while a person here chooses; its buttons are
//! separate objects, shown with it (placed clear of every stone of the opening).

use crate::app::draw::{Align, Gfx};
use crate::app::scene::{GameObject, View};
use crate::app::screen::Screen;
use crate::app::theme;
use crate::game::swap2::{Swap2, Swap2Choice};

pub struct Swap2Prompt;

/// The opening waiting for a person's choice, on the game screen.
pub fn asking<'a>(view: &View<'a>) -> Option<&'a Swap2> {
    let g = view
        .manager
        .game()
        .filter(|_| view.ui.screen == Screen::Game)?;
    g.swap2()
        .filter(|s| !s.computer_acts() && !Swap2Choice::open_in(s.phase()).is_empty())
}

/// True while a person may make `choice`.
pub fn offered(view: &View, choice: Swap2Choice) -> bool {
    asking(view).is_some_and(|s| Swap2Choice::open_in(s.phase()).contains(&choice))
}

impl GameObject for Swap2Prompt {
    fn name(&self) -> &'static str {
        "swap2"
    }
    fn z(&self) -> i32 {
        65
    }
    fn is_active(&self, view: &View) -> bool {
        asking(view).is_some()
    }
    fn captures(&self, point: (f32, f32), view: &View) -> bool {
        view.layout.banner().contains(point)
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let Some(swap2) = asking(view) else { return };
        let l = view.layout;
        let s = l.scale;
        let b = l.banner();
        gfx.card(b, s);
        gfx.text(
            &swap2.question(),
            (b.x + b.w / 2.0, b.y + 42.0 * s),
            22.0 * s,
            theme::TEXT,
            Align::Centre,
            true,
        );
        gfx.text(
            &swap2.detail(),
            (b.x + b.w / 2.0, b.y + 76.0 * s),
            15.0 * s,
            theme::TEXT_DIM,
            Align::Centre,
            false,
        );
    }
}
