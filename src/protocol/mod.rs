//! The Gomocup "pbrain" protocol (http://petr.lastovicka.sweb.cz/protocl2en.htm):
//! a line parser, the `INFO` settings, the brain's state machine, the `SWAP2BOARD`
//! extension, the input reader, the reply's watchdog, and a driver over any line source
//! and writer (the `pbrain-gomoku` binary wires it to stdin/stdout).

pub mod brain;
pub mod command;
pub mod driver;
pub mod info;
pub mod input;
pub mod lines;
pub mod swap2;
pub mod think;
pub mod watchdog;

pub use brain::Brain;
pub use command::{parse_command, BoardEntry, Command, InfoKey, ProtocolError};
pub use driver::run;
pub use info::Settings;
