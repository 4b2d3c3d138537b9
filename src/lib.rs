//! Gomoku: a fast negamax engine, the rules of a session of play, a Gomocup brain,
//! and (with feature `gui`) the SDL2 desktop game.
//!
//! `engine` and `game` import nothing from `app` or SDL: the model stays free of the screen.

pub mod engine;
pub mod files;
pub mod game;
pub mod profiler;
pub mod protocol;

#[cfg(feature = "gui")]
pub mod app;
