//! The other player's offer over the board: "asks to take back a move" or "offers a
//! draw". Its Accept and Decline buttons are separate objects, shown with it.

use crate::app::draw::{Align, Gfx};
use crate::app::scene::{GameObject, View};
use crate::app::screen::Screen;
use crate::app::theme;
use crate::game::net::Offer;
use crate::game::LinkStatus;

pub struct OfferPrompt;

/// The offer waiting for the person's answer, on the game screen.
pub fn pending(view: &View) -> Option<Offer> {
    (view.ui.screen == Screen::Game)
        .then(|| view.manager.net().and_then(|n| n.their_offer()))
        .flatten()
}

impl GameObject for OfferPrompt {
    fn name(&self) -> &'static str {
        "offer"
    }
    fn z(&self) -> i32 {
        65
    }
    fn is_active(&self, view: &View) -> bool {
        pending(view).is_some()
    }
    fn captures(&self, point: (f32, f32), view: &View) -> bool {
        view.layout.banner().contains(point)
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let Some(offer) = pending(view) else { return };
        let l = view.layout;
        let s = l.scale;
        let b = l.banner();
        gfx.card(b, s);
        let who = match view.manager.net().map(|n| n.status()) {
            Some(LinkStatus::Connected { peer }) => peer.clone(),
            _ => "The other player".into(),
        };
        let title = match offer {
            Offer::Undo => format!("{who} asks to take back a move"),
            Offer::Draw => format!("{who} offers a draw"),
        };
        let centre = b.x + b.w / 2.0;
        gfx.text(
            &title,
            (centre, b.y + 42.0 * s),
            22.0 * s,
            theme::TEXT,
            Align::Centre,
            true,
        );
    }
}
