//! The analysis panel's objects, on every board screen: the column, the marks on the
//! board, its buttons (shown while it is on), and the toggle at the side panel's top.

use super::LabelFn;
use crate::app::event::Event;
use crate::app::layout::{Layout, Rect, Slot, GRID_BUTTONS};
use crate::app::objects::analysis_marks::AnalysisMarks;
use crate::app::objects::analysis_panel::AnalysisPanel;
use crate::app::objects::button::Button;
use crate::app::scene::{Scene, View};
use crate::app::screen::{Screen, ANALYSIS};
use crate::game::analysis::{Finder, StudyCommand};

pub fn add(scene: &mut Scene) {
    scene.add(Box::new(AnalysisPanel));
    scene.add(Box::new(AnalysisMarks));
    let toggle = Button::dynamic(
        "analysis-toggle",
        Slot::Side(0),
        |v| {
            if v.ui.study.is_on() {
                "Hide (A)".into()
            } else {
                "Analysis (A)".into()
            }
        },
        Event::Study(StudyCommand::Toggle),
    );
    // A network game's players get no analysis while it is played.
    let allowed = |v: &View| !(v.ui.screen == Screen::Game && v.manager.playing_network());
    scene.add(Box::new(
        toggle
            .with_px(14.0)
            .with_slot_fn(toggle_rect)
            .shown_if(allowed),
    ));
    add_grid(scene);
    add_steps(scene);
}

/// Stop/Continue, Heatmap, Find a win, Record trace: shown while the column is.
fn add_grid(scene: &mut Scene) {
    let on = |v: &View| v.layout.analysis.is_some();
    let buttons: [(LabelFn, Event); GRID_BUTTONS] = [
        (
            |v| {
                if v.ui.study.is_running() {
                    "Stop"
                } else {
                    "Continue"
                }
                .into()
            },
            Event::Study(StudyCommand::StopOrContinue),
        ),
        (
            |v| {
                if v.ui.study.show_heat {
                    "Heatmap: on"
                } else {
                    "Heatmap: off"
                }
                .into()
            },
            Event::Study(StudyCommand::ToggleHeat),
        ),
        (|_| "Find a win".into(), Event::Study(StudyCommand::FindWin)),
        (
            |_| {
                if crate::profiler::is_enabled() {
                    "Save trace"
                } else {
                    "Record trace"
                }
                .into()
            },
            Event::ProfileAnalysis,
        ),
    ];
    for (i, (label, event)) in buttons.into_iter().enumerate() {
        let b = Button::dynamic(ANALYSIS, Slot::Analysis(i), label, event).small();
        let b = match i {
            0 => b.enabled_if(|v| !v.ui.study.is_over()),
            2 => {
                b.enabled_if(|v| !v.ui.study.is_over() && *v.ui.study.finder() != Finder::Searching)
            }
            _ => b,
        };
        scene.add(Box::new(b.shown_if(on)));
    }
}

/// The forced win's Back and Forward, shown while there is one to step through.
fn add_steps(scene: &mut Scene) {
    let found = |v: &View| {
        v.layout.analysis.is_some() && matches!(v.ui.study.finder(), Finder::Found { .. })
    };
    for (i, (label, d)) in [("\u{25c0}", -1), ("\u{25b6}", 1)].into_iter().enumerate() {
        let b = Button::new(
            ANALYSIS,
            Slot::Analysis(GRID_BUTTONS + i),
            label,
            Event::Study(StudyCommand::Step(d)),
        );
        scene.add(Box::new(b.small().shown_if(found)));
    }
}

/// The toggle sits at the side panel's top right, beside the title.
fn toggle_rect(l: &Layout) -> Rect {
    let s = l.scale;
    let p = l.panel;
    let w = 100.0 * s;
    Rect::new(p.x + p.w - w - 16.0 * s, p.y + 23.0 * s, w, 34.0 * s)
}
