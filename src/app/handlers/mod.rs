//! What each event does: it becomes session commands, screen changes and UI state, all
//! handed back in [`Effects`]. Handlers get the owners they need, never globals, and
//! never build or remove scene objects themselves.

mod context;
mod menu;
mod network;
mod opponents;
mod play;
mod records;
mod setup;
mod study;
mod view;

pub use context::{Context, Effects, NetRequest};
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
        | Event::Swap2(_)
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
        Event::Paste if cx.ui.fields.editing.is_some() => records::paste_into_field(cx),
        Event::Paste => records::paste(cx),
        Event::Study(_) | Event::ProfileAnalysis => study::study(event, cx),
        Event::ToggleBanner | Event::MovesFrom(_) | Event::MenuFocus(_) => view::view(event, cx),
        Event::OpenSetup | Event::Setup(_) => setup::setup(event, cx),
        Event::AddEngine => opponents::add_engine(cx),
        Event::RemoveEngine => opponents::remove_engine(cx),
        Event::Focus(_)
        | Event::Typed(_)
        | Event::EraseChar
        | Event::SubmitField
        | Event::StopEditing => opponents::field(event, cx),
        Event::HostGame => network::host(cx),
        Event::JoinGame => network::join(cx),
        Event::Resign | Event::OfferDraw | Event::Answer(_) => network::request(event, cx),
    }
}

pub use records::review;
