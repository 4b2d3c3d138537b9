//! A session of play, free of SDL: who plays which side, the board and its history,
//! undo/swap/hint rules, the engine on a worker thread, and game records.

pub mod ai_worker;
pub mod manager;
pub mod mode;
pub mod notation;
pub mod record;
pub mod review;

pub use ai_worker::{AiPurpose, AiReply, AiWorker};
pub use manager::{ChessManager, GameError, GameSettings, Signal};
pub use mode::GameMode;
