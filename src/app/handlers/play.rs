//! The board's events: starting, moves, undo, swap, hints, pausing, leaving.

use super::context::Context;
use super::records::review;
use crate::app::event::Event;
use crate::app::screen::Screen;
use crate::game::Command;

/// Start, Play again (Restart), Resume.
pub fn start(event: Event, cx: &mut Context) {
    let command = match event {
        Event::NewGame => Command::NewGame,
        Event::Restart => Command::Restart,
        _ if cx.manager.can_resume() => Command::Show,
        _ => return,
    };
    cx.command(command);
    if cx.manager.game().is_some() {
        cx.command(Command::Show);
        cx.show(Screen::Game);
    }
}

/// A request about the game on the board, straight to the session.
pub fn on_board(event: Event, cx: &mut Context) {
    let command = match event {
        Event::Undo => Command::Undo,
        Event::Swap => Command::Swap,
        Event::Swap2(choice) => Command::Swap2(choice),
        Event::PlayForMe => Command::PlayForMe,
        Event::Hint => Command::Hint,
        Event::PlaceStone(pos) => Command::Place(pos),
        Event::TogglePause => Command::TogglePause,
        _ => return,
    };
    cx.command(command);
}

/// Esc or Menu: the game is kept for Resume, the computer stops thinking. Leaving a
/// network game's board leaves the network game (the other player is told).
pub fn back_to_menu(cx: &mut Context) {
    if cx.manager.net().is_some() && cx.ui.screen == Screen::Game {
        cx.command(Command::LeaveNetwork);
        cx.ui.toast("You left the network game");
    }
    cx.command(Command::Hide);
    cx.show(Screen::Menu);
}

/// The victory banner's Review: the game just played, step by step.
pub fn review_game(cx: &mut Context) {
    if let Some(record) = cx.manager.game().map(|g| g.to_record()) {
        review(cx, record);
    }
}
