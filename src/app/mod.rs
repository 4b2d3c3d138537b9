//! The SDL2 desktop game (feature `gui`). Everything that touches SDL lives here.
//!
//! One frame: SDL events -> [`input::InputState`] -> every [`scene::GameObject`] returns
//! [`event::Event`]s (keys are mapped in [`input::map_key`]) -> the
//! [`event_manager::EventManager`] handles them highest priority first, mutating the
//! [`crate::game::ChessManager`], asking the AI worker to think, and rebuilding the scene
//! -> the scene draws.

pub mod application;
pub mod draw;
pub mod event;
pub mod event_manager;
pub mod handlers;
pub mod input;
pub mod layout;
pub mod objects;
pub mod scene;
pub mod screens;
pub mod sound;
pub mod text;
pub mod textures;
pub mod theme;

pub use application::{AppConfig, AppError, Application};
