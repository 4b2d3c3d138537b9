//! The analysis panel's buttons and keys, and a profiler capture of the search on show.

use super::context::Context;
use super::menu::save_trace;
use crate::app::event::Event;
use crate::app::screen::Screen;
use crate::game::analysis::StudyCommand;
use crate::profiler;

pub fn study(event: Event, cx: &mut Context) {
    if cx.ui.screen == Screen::Game && cx.manager.playing_network() {
        return cx.ui.toast("No analysis while a network game is played");
    }
    match event {
        Event::Study(command) => cx.study(command),
        Event::ProfileAnalysis => profile(cx),
        _ => {}
    }
}

/// Starts a capture with the analysis searched afresh, so the trace holds that search
/// from its start; pressed again (or F12) it stops and saves. The capture also ends
/// when the search does (see the application's study loop).
fn profile(cx: &mut Context) {
    if profiler::is_enabled() {
        return save_trace(cx);
    }
    profiler::enable();
    cx.study(StudyCommand::Restart);
    cx.ui.capture = cx.ui.study.ticket().filter(|_| cx.ui.study.is_running());
    if cx.ui.capture.is_some() {
        cx.ui
            .toast("Recording the analysis\u{2026} press Record again to save the trace");
    } else {
        profiler::disable();
        cx.ui.toast("Nothing to analyse here: the game is over");
    }
}
