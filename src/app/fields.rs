//! The menu's text fields: what has been typed in each, and which one takes the keys.

use crate::game::prefs::MAX_TYPED;

/// A text field of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The path of a pbrain engine to add.
    EnginePath,
    /// The port to host a game on.
    Port,
    /// `host:port` of a game to join.
    Address,
}

impl Field {
    /// Shown in an empty field.
    pub fn placeholder(self) -> &'static str {
        match self {
            Field::EnginePath => "path of a pbrain engine",
            Field::Port => "port to host on",
            Field::Address => "host:port to join",
        }
    }

    /// Shown before the text.
    pub fn label(self) -> &'static str {
        match self {
            Field::EnginePath => "Engine",
            Field::Port => "Port",
            Field::Address => "Join",
        }
    }
}

/// The fields' text and focus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    pub engine_path: String,
    pub port: String,
    pub address: String,
    /// The field the keyboard types into.
    pub editing: Option<Field>,
}

impl Fields {
    pub fn get(&self, field: Field) -> &str {
        match field {
            Field::EnginePath => &self.engine_path,
            Field::Port => &self.port,
            Field::Address => &self.address,
        }
    }

    fn get_mut(&mut self, field: Field) -> &mut String {
        match field {
            Field::EnginePath => &mut self.engine_path,
            Field::Port => &mut self.port,
            Field::Address => &mut self.address,
        }
    }

    /// Appends typed text to the field being edited (control characters dropped, the
    /// length capped).
    pub fn type_text(&mut self, text: &str) {
        let Some(f) = self.editing else { return };
        let s = self.get_mut(f);
        for c in text.chars().filter(|c| !c.is_control()) {
            if s.len() + c.len_utf8() > MAX_TYPED {
                break;
            }
            s.push(c);
        }
    }

    /// Removes the last character of the field being edited.
    pub fn erase(&mut self) {
        if let Some(f) = self.editing {
            self.get_mut(f).pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_goes_to_the_focused_field_only_and_is_capped() {
        let mut f = Fields::default();
        f.type_text("lost");
        assert_eq!(f, Fields::default(), "no field focused");
        f.editing = Some(Field::Address);
        f.type_text("10.0.0.2:\u{7}5767\n");
        assert_eq!(f.address, "10.0.0.2:5767");
        f.erase();
        assert_eq!(f.address, "10.0.0.2:576");
        f.type_text(&"x".repeat(MAX_TYPED * 2));
        assert_eq!(f.address.len(), MAX_TYPED);
    }
}
