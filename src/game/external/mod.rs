//! Outside engines: any Gomocup pbrain brain, run as a child process and played over
//! the protocol from the manager's side. The session only sees searches asked for and
//! answered (or failed); the host thread does the talking.

pub mod host;
pub mod process;
pub mod seats;
mod talk;
pub mod wire;

pub use host::{EngineHost, Limits, Report};
pub use seats::Seats;
