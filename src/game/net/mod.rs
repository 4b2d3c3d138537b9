//! Network play on a LAN: the message format, lines on the socket, and the host's and
//! guest's link threads behind one handle. The session's side of a network game (who
//! decides what) is [`crate::game::manager::NetSession`].

mod conn;
mod guest;
mod host;
pub mod link;
pub mod message;
pub mod wire;

pub use conn::Limits;
pub use link::NetLink;
pub use message::{Message, Offer, Snapshot, PROTOCOL_VERSION};

/// The port a game is hosted on unless the player picks another.
pub const DEFAULT_PORT: u16 = 5767;
