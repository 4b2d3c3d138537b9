//! One file per kind of game object.

pub mod background;
pub mod banner;
pub mod board;
pub mod button;
pub mod menu;
pub mod panel;
pub mod panel_text;
pub mod prompt;
pub mod records_list;
pub mod review_panel;
pub mod text_field;
pub mod toast;
