//! One file per kind of game object.

pub mod analysis_marks;
pub mod analysis_panel;
pub mod background;
pub mod banner;
pub mod board;
pub mod button;
pub mod menu;
pub mod move_list;
pub mod panel;
pub mod panel_text;
pub mod prompt;
pub mod records_list;
pub mod review_panel;
pub mod setup_panel;
pub mod swap2_prompt;
pub mod text_field;
pub mod toast;
pub mod wrap;
