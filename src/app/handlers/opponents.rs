//! The menu's text fields and the list of outside engines.

use super::context::Context;
use super::network;
use crate::app::event::Event;
use crate::app::fields::Field;
use crate::game::Computer;

/// Focus, typing, and Enter or Esc in a field.
pub fn field(event: Event, cx: &mut Context) {
    let fields = &mut cx.ui.fields;
    match event {
        Event::Focus(f) => {
            fields.editing = Some(f);
            cx.ui.menu_focus = None;
        }
        Event::Typed(text) => fields.type_text(&text),
        Event::EraseChar => fields.erase(),
        Event::StopEditing => fields.editing = None,
        Event::SubmitField => match fields.editing.take() {
            Some(Field::EnginePath) => add_engine(cx),
            Some(Field::Port) => network::host(cx),
            Some(Field::Address) => network::join(cx),
            None => {}
        },
        _ => {}
    }
}

/// Adds the engine whose path was typed; it becomes the opponent at once.
pub fn add_engine(cx: &mut Context) {
    let typed = cx.ui.fields.engine_path.clone();
    match cx.ui.prefs.add_engine(&typed) {
        Ok(engine) => {
            cx.ui.fields.engine_path.clear();
            cx.ui
                .toast(format!("Added {}: it is the opponent now", engine.name));
            cx.manager.settings.computers[0] = Computer::External(engine);
            cx.out.save_prefs = true;
        }
        Err(e) => cx.ui.toast(e.to_string()),
    }
}

/// Removes the engine chosen as the opponent from the list.
pub fn remove_engine(cx: &mut Context) {
    let Computer::External(engine) = cx.manager.settings.computers[0].clone() else {
        cx.ui
            .toast("Choose an added engine as the opponent to remove it");
        return;
    };
    cx.ui.prefs.remove_engine(&engine);
    cx.manager.settings.forget_engine(&engine);
    cx.ui.toast(format!("Removed {}", engine.name));
    cx.out.save_prefs = true;
}
