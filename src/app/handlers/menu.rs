//! The menu's settings and the toggles that work anywhere.

use super::context::Context;
use crate::app::event::Event;

pub fn setting(event: Event, cx: &mut Context) {
    let settings = &mut cx.manager.settings;
    match event {
        Event::CycleMode => settings.cycle_mode(),
        Event::CycleComputer(slot) => settings.cycle_computer(slot, &cx.ui.prefs.engines),
        Event::CycleSize => settings.cycle_size(),
        Event::CycleRule => settings.cycle_rule(),
        Event::CycleTime => settings.cycle_time(),
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

/// F12: start capturing, or stop and have the trace written off the frame thread.
fn toggle_profiler(cx: &mut Context) {
    use crate::profiler;
    if profiler::is_enabled() {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let path = cx.ui.data_dir.join(format!("trace-{stamp}.json"));
        cx.ui.toast(format!("Writing {}\u{2026}", path.display()));
        cx.out.write_trace = Some(path);
    } else {
        profiler::enable();
        cx.ui
            .toast("Profiling\u{2026} press F12 again to save the trace");
    }
}
