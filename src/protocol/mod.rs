//! The Gomocup "pbrain" protocol (http://petr.lastovicka.sweb.cz/protocl2en.htm):
//! a line parser, the brain's state machine, and a driver over any line source and writer.

pub mod brain;
pub mod command;
pub mod driver;

pub use brain::Brain;
pub use command::{parse_command, BoardEntry, Command, InfoKey, ProtocolError};
pub use driver::run;
