//! A session of play, free of SDL: who plays which side, the board and its history,
//! undo/swap/hint rules, the engine on a worker thread, and game records.
//!
//! The session ([`ChessManager`]) takes commands and a time and answers with events;
//! the threads around it (the AI worker, the record writer, the records loader) report
//! back through channels and wake the frame loop with a [`wake::Waker`].

pub mod ai_worker;
pub mod analysis;
pub mod command;
pub mod computer;
pub mod ending;
pub mod external;
pub mod manager;
pub mod marks;
pub mod mode;
pub mod net;
pub mod notation;
pub mod play;
pub mod prefs;
pub mod record;
pub mod review;
pub mod settings;
pub mod setup;
pub mod swap2;
pub mod swap2_brain;
pub mod swap2_worker;
pub mod time_control;
pub mod wake;

pub use ai_worker::AiWorker;
pub use command::{
    AiPurpose, AiReply, Command, GameEvent, LinkStatus, Mover, NetInput, SearchRequest,
};
pub use computer::{Computer, ExternalEngine};
pub use ending::Ending;
pub use manager::ChessManager;
pub use mode::GameMode;
pub use play::{Game, GameError};
pub use settings::{GameSettings, MENU_SIZES};
pub use time_control::{Clocks, TimeControl};
