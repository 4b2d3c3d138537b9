//! The set-up screen: opening it (empty, or with the position on show), its clicks and
//! buttons, and playing on from the position set up.

use super::context::Context;
use crate::app::event::{Event, SetupAction};
use crate::app::screen::Screen;
use crate::game::setup::Setup;
use crate::game::{Command, Game};

pub fn setup(event: Event, cx: &mut Context) {
    match event {
        Event::OpenSetup => open(cx),
        Event::Setup(action) => act(action, cx),
        _ => {}
    }
}

/// From the menu an empty board of the menu's size; from a game or a review, its
/// position (the computer stops thinking; the game is kept for Resume).
fn open(cx: &mut Context) {
    if cx.ui.screen == Screen::Game && cx.manager.playing_network() {
        return cx.ui.toast("Leave the network game to set up a position");
    }
    let shown = match cx.ui.screen {
        Screen::Game => cx.manager.game().map(|g| g.board().clone()),
        Screen::Review => cx.ui.review.as_ref().map(|r| r.board().clone()),
        _ => None,
    };
    let setup = match shown {
        Some(board) => {
            cx.manager.settings.size = board.width();
            Ok(Setup::from_board(&board))
        }
        None => Setup::new(cx.manager.settings.size),
    };
    match setup {
        Ok(s) => {
            cx.command(Command::Hide);
            cx.ui.setup = Some(s);
            cx.show(Screen::Setup);
        }
        Err(e) => cx.ui.toast(format!("Cannot set up a board: {e}")),
    }
}

fn act(action: SetupAction, cx: &mut Context) {
    if action == SetupAction::Play {
        return play(cx);
    }
    let Some(s) = cx.ui.setup.as_mut() else {
        return;
    };
    match action {
        SetupAction::Click(pos) => s.click(pos),
        SetupAction::Brush => s.next_brush(),
        SetupAction::ToMove => s.toggle_to_move(),
        SetupAction::Clear => s.clear(),
        SetupAction::Play => {}
    }
}

/// A new game from the position, with the menu's players, level and rule.
fn play(cx: &mut Context) {
    let Some(s) = cx.ui.setup.as_ref() else {
        return;
    };
    let settings = cx.manager.settings.clone();
    match s.playable(settings.rule) {
        Ok(board) => {
            let game = Game::from_board(board, &settings, cx.now);
            cx.command(Command::ContinueFrom(Box::new(game)));
            cx.command(Command::Show);
            cx.show(Screen::Game);
        }
        Err(e) => cx.ui.toast(e.to_string()),
    }
}

/// The set-up board follows the menu's board size.
pub fn settings_changed(cx: &mut Context) {
    let size = cx.manager.settings.size;
    if let Some(s) = cx
        .ui
        .setup
        .as_mut()
        .filter(|_| cx.ui.screen == Screen::Setup)
    {
        if s.board().width() != size {
            if let Err(e) = s.resize(size) {
                cx.ui.toast(format!("Cannot resize the board: {e}"));
            }
        }
    }
}
