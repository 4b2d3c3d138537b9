//! Network play on a LAN: the message format, the capped line reader, and the host's
//! and guest's connection threads. The session's side of a network game (who decides
//! what) is in [`crate::game::manager::NetSession`].

pub mod message;
