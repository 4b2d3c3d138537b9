//! What each event does: it becomes session commands, screen changes and UI state, all
//! handed back in [`Effects`]. Handlers get the owners they need, never globals, and
//! never build or remove scene objects themselves.

mod context;
mod menu;
mod play;
mod records;
mod setup;
mod study;
mod view;

pub use context::{Context, Effects};
pub use menu::trace_path;

use super::event::Event;

/// Handles one event.
pub fn handle(event: Event, cx: &mut Context) {
    log::info!("event {event:?}");
    match event {
        Event::Quit => cx.ui.quit = true,
        Event::BackToMenu => play::back_to_menu(cx),
        Event::NewGame | Event::Restart | Event::Resume => play::start(event, cx),
        Event::Undo
        | Event::Swap
        | Event::PlayForMe
        | Event::Hint
        | Event::PlaceStone(_)
        | Event::TogglePause => play::on_board(event, cx),
        Event::ReviewGame => play::review_game(cx),
        Event::Cycle(..) | Event::ToggleNumbers | Event::ToggleMute | Event::ToggleProfiler => {
            menu::setting(event, cx)
        }
        Event::OpenRecords
        | Event::OpenRecord(_)
        | Event::ScrollRecords(_)
        | Event::ReviewStep(_)
        | Event::ContinueFromHere => records::browse(event, cx),
        Event::CopyPosition => records::copy_position(cx),
        Event::Paste => records::paste(cx),
        Event::Study(_) | Event::ProfileAnalysis => study::study(event, cx),
        Event::ToggleBanner | Event::MovesFrom(_) | Event::MenuFocus(_) => view::view(event, cx),
        Event::OpenSetup | Event::Setup(_) => setup::setup(event, cx),
    }
}

pub use records::review;
