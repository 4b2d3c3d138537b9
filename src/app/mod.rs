//! The SDL2 desktop game (feature `gui`). Everything that touches SDL lives here.
//!
//! One frame: SDL events (the loop sleeps until one comes or a timer is due) ->
//! [`input::InputState`] -> every [`scene::GameObject`] returns [`event::Event`]s (keys
//! are mapped in [`input::map_key`]) -> the [`event_manager::EventManager`] orders them
//! -> [`handlers`] turn them into session commands and [`screen::ScreenCommand`]s ->
//! the [`crate::game::ChessManager`] answers with game events, which [`reactions`] turn
//! into sounds, searches, saves and screen changes -> [`scenes::apply`] changes the
//! scene -> the scene draws, if anything changed.
//!
//! No module here imports one that imports it back (checked by `tests/app_imports.rs`).

pub mod application;
pub mod draw;
pub mod event;
pub mod event_manager;
pub mod fields;
pub mod handlers;
pub mod input;
pub mod layout;
pub mod objects;
pub mod reactions;
pub mod scene;
pub mod scenes;
pub mod screen;
pub mod sound;
pub mod text;
pub mod textures;
pub mod theme;
pub mod ui_state;

pub use application::{AppConfig, AppError, Application};
