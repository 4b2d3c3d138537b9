//! Hosting, joining and the requests of a network game. The handlers only ask: the
//! application opens the link (see [`super::NetRequest`]), the session decides.

use super::context::{Context, NetRequest};
use crate::app::event::Event;
use crate::engine::Stone;
use crate::game::net::DEFAULT_PORT;
use crate::game::{Command, GameMode};

/// Hosts a game on the port typed (0: any free port). The person here plays the colour
/// the menu's mode gives them against the computer, else Black.
pub fn host(cx: &mut Context) {
    let Ok(port) = cx.ui.fields.port.trim().parse::<u16>() else {
        cx.ui.toast("The port is a number from 0 to 65535");
        return;
    };
    let local = match cx.manager.settings.mode {
        GameMode::HumanVsComputer { human } => human,
        _ => Stone::Black,
    };
    cx.ui.prefs.host_port = port;
    cx.out.save_prefs = true;
    cx.out.net = Some(NetRequest::Host { port, local });
}

/// Joins the game at the address typed (`host:port`; the default port if none).
pub fn join(cx: &mut Context) {
    let Some(address) = with_port(&cx.ui.fields.address) else {
        cx.ui
            .toast("Type the host's address, e.g. 192.168.1.20:5767");
        return;
    };
    cx.ui.fields.address = address.clone();
    cx.ui.prefs.join_address = address.clone();
    cx.out.save_prefs = true;
    cx.ui.toast(format!("Connecting to {address}\u{2026}"));
    cx.out.net = Some(NetRequest::Join(address));
}

/// `host:port`, adding the default port to a bare host name or `[v6]` address.
fn with_port(typed: &str) -> Option<String> {
    let t = typed.trim();
    if t.is_empty() {
        return None;
    }
    let has_port = match t.rsplit_once(':') {
        Some((host, port)) => {
            !host.is_empty() && !host.ends_with(':') && port.parse::<u16>().is_ok()
        }
        None => false,
    };
    Some(if has_port {
        t.to_string()
    } else {
        format!("{t}:{DEFAULT_PORT}")
    })
}

/// Resign, offer a draw, answer an offer.
pub fn request(event: Event, cx: &mut Context) {
    let command = match event {
        Event::Resign => Command::Resign,
        Event::OfferDraw => Command::OfferDraw,
        Event::Answer(accept) => Command::Answer(accept),
        _ => return,
    };
    cx.command(command);
}

#[cfg(test)]
mod tests {
    use super::with_port;

    #[test]
    fn a_missing_port_is_the_default_one() {
        assert_eq!(with_port(" 10.0.0.2 ").as_deref(), Some("10.0.0.2:5767"));
        assert_eq!(with_port("box:6000").as_deref(), Some("box:6000"));
        assert_eq!(with_port("[::1]").as_deref(), Some("[::1]:5767"));
        assert_eq!(with_port("[::1]:7000").as_deref(), Some("[::1]:7000"));
        assert_eq!(with_port(""), None);
    }
}
