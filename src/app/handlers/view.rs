//! What is on show around the board: the victory banner and the move list's scrolling.

use super::context::Context;
use crate::app::event::Event;
use crate::app::screen::{Screen, ScreenCommand};

pub fn view(event: Event, cx: &mut Context) {
    match event {
        Event::ToggleBanner => {
            let over = cx.manager.game().is_some_and(|g| g.is_over());
            if cx.ui.screen == Screen::Game && over {
                let command = if cx.ui.banner {
                    ScreenCommand::HideBanner
                } else {
                    ScreenCommand::ShowBanner
                };
                cx.out.screen.push(command);
            }
        }
        Event::MovesFrom(row) => cx.ui.moves_scroll = row,
        Event::MenuFocus(d) => {
            let n = crate::app::scenes::MENU_ITEMS as i64;
            let from = cx
                .ui
                .menu_focus
                .map_or(if d > 0 { -1 } else { n }, |f| f as i64);
            cx.ui.menu_focus = Some((from + d as i64).rem_euclid(n) as usize);
        }
        _ => {}
    }
}
