//! The menu's settings and the toggles that work anywhere.

use super::context::Context;
use crate::app::event::Event;
use std::path::{Path, PathBuf};

pub fn setting(event: Event, cx: &mut Context) {
    let settings = &mut cx.manager.settings;
    match event {
        Event::Cycle(setting, dir) => {
            settings.step(setting, dir, &cx.ui.prefs.engines);
            super::setup::settings_changed(cx);
        }
        Event::ToggleNumbers => cx.ui.show_numbers = !cx.ui.show_numbers,
        Event::ToggleMute => {
            cx.ui.muted = !cx.ui.muted;
            let text = if cx.ui.muted { "Sound off" } else { "Sound on" };
            cx.ui.toast(text);
        }
        Event::ToggleProfiler => toggle_profiler(cx),
        _ => {}
    }
}

/// Where a new profiler trace goes: the data folder, named by the time.
pub fn trace_path(data_dir: &Path) -> PathBuf {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    data_dir.join(format!("trace-{stamp}.json"))
}

/// Stops the capture running and has its trace written off the frame thread.
pub fn save_trace(cx: &mut Context) {
    cx.ui.capture = None;
    cx.ui.toast("Saving the trace\u{2026}");
    cx.out.write_trace = Some(trace_path(&cx.ui.data_dir));
}

/// F12: start capturing, or stop and have the trace written off the frame thread.
fn toggle_profiler(cx: &mut Context) {
    use crate::profiler;
    if profiler::is_enabled() {
        save_trace(cx);
    } else {
        profiler::enable();
        cx.ui
            .toast("Profiling\u{2026} press F12 again to save the trace");
    }
}
