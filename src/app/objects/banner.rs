//! The victory screen: a banner over the board naming the winner (its buttons are
//! separate objects, added with it).

use super::wrap::fitting_px;
use crate::app::draw::{Align, Gfx};
use crate::app::event::Event;
use crate::app::input::{InputState, Key};
use crate::app::layout::Rect;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::engine::Outcome;
use crate::game::GameMode;
use sdl2::pixels::Color;

pub struct Banner;

impl GameObject for Banner {
    fn name(&self) -> &'static str {
        crate::app::screen::BANNER
    }
    fn z(&self) -> i32 {
        50
    }
    /// A click on the banner stays there; a click anywhere else dismisses it (and still
    /// reaches what is under it: a button, or the board, which ignores it).
    fn captures(&self, point: (f32, f32), view: &View) -> bool {
        view.layout.banner().contains(point)
    }
    fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        let outside = input
            .click
            .is_some_and(|c| !view.layout.banner().contains(c));
        if outside || input.keys.contains(&Key::Space) {
            vec![Event::ToggleBanner]
        } else {
            Vec::new()
        }
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let Some(game) = view.manager.game() else {
            return;
        };
        let Some(result) = game.result() else { return };
        let l = view.layout;
        let s = l.scale;
        let b = l.banner();
        // A soft drop shadow lifts the banner off the board.
        for (grow, alpha) in [(10.0, 30), (6.0, 45), (3.0, 60)] {
            let g = grow * s;
            let shadow = Rect::new(b.x - g / 2.0, b.y - g / 2.0 + 6.0 * s, b.w + g, b.h + g);
            gfx.rounded(shadow, 16.0 * s + g / 2.0, Color::RGBA(0, 0, 0, alpha));
        }
        gfx.rounded(b, 16.0 * s, theme::PANEL);
        let title = title(game, result);
        gfx.text(
            &title,
            (b.x + b.w / 2.0, b.y + 42.0 * s),
            32.0 * s,
            theme::TEXT,
            Align::Centre,
            true,
        );
        let moves = game.board().move_count();
        let why = match game.ending() {
            Some(e) => {
                let mut why = e.reason();
                if why.chars().count() > 64 {
                    why = why.chars().take(63).collect::<String>() + "\u{2026}";
                }
                why
            }
            None => format!("after {moves} moves"),
        };
        let detail = format!("{why} \u{00b7} Space shows the board");
        let px = fitting_px(gfx, &detail, 16.0 * s, 11.0, b.w - 24.0 * s, false);
        gfx.text(
            &detail,
            (b.x + b.w / 2.0, b.y + 80.0 * s),
            px,
            theme::TEXT_DIM,
            Align::Centre,
            false,
        );
    }
}

/// "You win!", "White wins!", "Draw agreed", ...
fn title(game: &crate::game::Game, result: &Outcome) -> String {
    match (result, game.mode()) {
        (Outcome::Draw, _) if game.ending().is_some() => "Draw agreed".to_string(),
        (Outcome::Draw, _) => "Draw: the board is full".to_string(),
        (Outcome::Win { winner, .. }, GameMode::HumanVsComputer { human }) if *winner == human => {
            "You win!".to_string()
        }
        (Outcome::Win { .. }, GameMode::HumanVsComputer { .. }) => "The computer wins".to_string(),
        (Outcome::Win { winner, .. }, GameMode::Network { local, .. }) => if *winner == local {
            "You win!"
        } else {
            "You lose"
        }
        .to_string(),
        (Outcome::Win { winner, .. }, _) => format!("{winner} wins!"),
    }
}
