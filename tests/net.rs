//! Network play on loopback: two sessions (a host and a guest) through real sockets and
//! link threads, as the game wires them: a whole game, a dropped connection that comes
//! back, and peers that send garbage, huge lines, floods, wrong versions or illegal
//! moves. Waits sleep until a link thread wakes the test; the limit only guards
//! against a hang.

use gomoku::engine::{Clock, MonotonicClock, Outcome, Pos, Stone};
use gomoku::game::net::{Limits, Message, NetLink, PROTOCOL_VERSION};
use gomoku::game::{ChessManager, Command, GameEvent, GameSettings, LinkStatus, NetInput};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Guards every wait against a hang; never a timing check.
const HANG: Duration = Duration::from_secs(60);

fn limits() -> Limits {
    Limits {
        retry: Duration::from_millis(50),
        ..Limits::default()
    }
}

/// One side: its session and its link, wired as the app wires them.
struct Side {
    m: ChessManager,
    link: NetLink,
    clock: MonotonicClock,
    events: Vec<GameEvent>,
}

impl Side {
    fn apply(&mut self, command: Command) -> Vec<GameEvent> {
        let events = self.m.apply(command, self.clock.now());
        for e in &events {
            match e {
                GameEvent::Send(m) => self.link.send(m.clone()),
                GameEvent::Hangup(reason) => self.link.hangup(reason.clone()),
                _ => {}
            }
        }
        self.events.extend(events.iter().cloned());
        events
    }

    fn pump(&mut self) {
        for input in self.link.poll() {
            self.apply(Command::Net(input));
        }
        let ticked = self.m.tick(self.clock.now());
        self.events.extend(ticked);
    }

    fn moves(&self) -> usize {
        self.m.game().map_or(0, |g| g.board().move_count())
    }

    fn connected(&self) -> bool {
        self.m.net().is_some_and(|n| n.is_connected())
    }

    fn status(&self) -> Option<LinkStatus> {
        self.m.net().map(|n| n.status().clone())
    }
}

/// A waker for the link threads, and the receiver a test sleeps on.
fn waker() -> (gomoku::game::wake::Waker, Receiver<()>) {
    let (tx, rx) = mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    let wake: gomoku::game::wake::Waker = Arc::new(move || {
        if let Ok(tx) = tx.lock() {
            let _ = tx.send(());
        }
    });
    (wake, rx)
}

struct Pair {
    host: Side,
    guest: Side,
    wakes: Receiver<()>,
}

impl Pair {
    /// Pumps both sides until `done` holds, sleeping until a link thread has news.
    fn until(&mut self, what: &str, done: impl Fn(&Side, &Side) -> bool) {
        let start = Instant::now();
        loop {
            self.host.pump();
            self.guest.pump();
            if done(&self.host, &self.guest) {
                return;
            }
            assert!(start.elapsed() < HANG, "gave up waiting for {what}");
            let _ = self.wakes.recv_timeout(Duration::from_millis(500));
        }
    }
}

/// A hosted game (the host plays Black) and a guest joined to it over loopback.
fn pair() -> Pair {
    let (wake, wakes) = waker();
    let host_link = NetLink::host(0, "alice", limits(), wake.clone()).expect("a free port");
    let port = host_link.port().expect("listening");
    let mut host = Side {
        m: ChessManager::new(GameSettings::default()),
        link: host_link,
        clock: MonotonicClock::new(),
        events: Vec::new(),
    };
    host.apply(Command::HostGame {
        local: Stone::Black,
    });
    host.apply(Command::Show);
    let mut guest = Side {
        m: ChessManager::new(GameSettings::default()),
        link: NetLink::join(&format!("127.0.0.1:{port}"), "bob", limits(), wake),
        clock: MonotonicClock::new(),
        events: Vec::new(),
    };
    guest.apply(Command::JoinGame);
    let mut p = Pair { host, guest, wakes };
    p.until("the guest to hold the host's game", |h, g| {
        h.connected() && g.connected() && g.m.game().is_some()
    });
    p.guest.apply(Command::Show);
    p
}

fn place(side: &mut Side, x: usize, y: usize) {
    let events = side.apply(Command::Place(Pos::new(x, y)));
    assert!(
        !events.iter().any(|e| matches!(e, GameEvent::Refused(_))),
        "{events:?}"
    );
}

/// Black (host) plays along row 0, White (guest) along row 5, from `from` to `to`.
fn play_rows(p: &mut Pair, from: usize, to: usize) {
    for i in from..to {
        place(&mut p.host, i, 0);
        let n = 2 * i + 1;
        p.until("the guest to see the host's move", |h, g| {
            h.moves() == n && g.moves() == n
        });
        place(&mut p.guest, i, 5);
        p.until("the host to accept the guest's move", |h, g| {
            h.moves() == n + 1 && g.moves() == n + 1
        });
    }
}

fn black_won(side: &Side) -> bool {
    side.m.game().is_some_and(|g| {
        matches!(
            g.result(),
            Some(Outcome::Win {
                winner: Stone::Black,
                ..
            })
        )
    })
}

#[test]
fn two_sessions_play_a_whole_game_over_loopback() {
    let mut p = pair();
    assert_eq!(
        p.guest.status(),
        Some(LinkStatus::Connected {
            peer: "alice".into()
        })
    );
    play_rows(&mut p, 0, 4);
    place(&mut p.host, 4, 0);
    p.until("both to see Black's five", |h, g| {
        black_won(h) && black_won(g)
    });
    let (h, g) = (p.host.m.game().unwrap(), p.guest.m.game().unwrap());
    assert_eq!(h.board().moves(), g.board().moves());
    assert_eq!(h.to_record().result, g.to_record().result);
    for side in [&p.host, &p.guest] {
        let saves = side
            .events
            .iter()
            .filter(|e| matches!(e, GameEvent::RecordChanged(_)))
            .count();
        assert_eq!(saves, 9, "both sides save after every move");
    }
}

#[test]
fn a_dropped_connection_pauses_the_game_and_the_guest_comes_back() {
    let mut p = pair();
    play_rows(&mut p, 0, 2);
    p.guest.link.break_connection();
    p.until("both to notice", |h, g| !h.connected() && !g.connected());
    assert!(matches!(p.host.status(), Some(LinkStatus::Waiting { .. })));
    p.until("the guest to reconnect", |h, g| {
        h.connected() && g.connected()
    });
    play_rows(&mut p, 2, 4);
    place(&mut p.host, 4, 0);
    p.until("both to see Black's five", |h, g| {
        black_won(h) && black_won(g)
    });
    assert_eq!(p.guest.moves(), 9);
}

/// A raw client: writes `lines`, then reads what the host says until it closes.
fn raw_session(port: u16, lines: &[String]) -> Vec<String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    s.set_read_timeout(Some(HANG)).expect("timeout set");
    for l in lines {
        if s.write_all(l.as_bytes()).is_err() {
            break;
        }
    }
    let mut said = Vec::new();
    for line in BufReader::new(s).lines() {
        match line {
            Ok(l) => said.push(l),
            Err(_) => break,
        }
    }
    said
}

fn hello(version: u32, token: Option<&str>) -> String {
    let m = Message::Hello {
        version,
        name: "mallory".into(),
        token: token.map(String::from),
    };
    format!("{}\n", m.encode())
}

/// Only a host; malformed guests never reach its session.
fn lone_host() -> (NetLink, u16) {
    let (wake, _) = waker();
    let link = NetLink::host(0, "alice", limits(), wake).expect("a free port");
    let port = link.port().expect("listening");
    (link, port)
}

fn has_error(said: &[String], text: &str) -> bool {
    said.iter()
        .any(|l| l.contains(r#""type":"error""#) && l.contains(text))
}

#[test]
fn garbage_huge_lines_and_wrong_versions_get_an_error_and_a_closed_connection() {
    let (link, port) = lone_host();
    let said = raw_session(port, &["garbage\n".into()]);
    assert!(has_error(&said, "not a message"), "{said:?}");
    let said = raw_session(port, &[hello(PROTOCOL_VERSION + 1, None)]);
    assert!(has_error(&said, "version"), "{said:?}");
    let said = raw_session(
        port,
        &[r#"{"type":"move","x":1,"y":1,"ply":0}"#.to_string() + "\n"],
    );
    assert!(has_error(&said, "first message must be hello"), "{said:?}");
    let said = raw_session(port, &["x".repeat(100 * 1024)]);
    assert!(has_error(&said, "line longer"), "{said:?}");
    assert!(link.poll().is_empty(), "the session never heard of them");
}

#[test]
fn a_hostile_guest_is_cut_off_and_the_board_is_unchanged() {
    let mut p = pair();
    place(&mut p.host, 7, 7);
    p.until("the move to reach the guest", |_, g| g.moves() == 1);
    let port = p.host.link.port().expect("listening");
    // A second guest while one plays, and a stranger without the seat's token.
    let said = raw_session(port, &[hello(PROTOCOL_VERSION, None)]);
    assert!(has_error(&said, "already being played"), "{said:?}");
    // The real guest turns hostile: a move on an occupied point.
    let bad = Message::Move { x: 7, y: 7, ply: 1 };
    p.guest.link.send(bad);
    p.until("the host to cut the guest off", |h, _| {
        matches!(h.status(), Some(LinkStatus::Waiting { reason }) if reason.starts_with("Cut off"))
    });
    assert_eq!(p.host.moves(), 1, "the board never changed");
    // Whether the guest is back yet or not, a stranger does not get its seat.
    let said = raw_session(port, &[hello(PROTOCOL_VERSION, Some("not-the-token"))]);
    assert!(has_error(&said, "already"), "{said:?}");
}

#[test]
fn a_flooding_peer_is_cut_off() {
    let (link, port) = lone_host();
    let mut flood = hello(PROTOCOL_VERSION, None);
    flood.push_str(&format!("{}\n", Message::Ping.encode()).repeat(500));
    let said = raw_session(port, &[flood]);
    assert!(said[0].contains(r#""type":"welcome""#), "{said:?}");
    assert!(has_error(&said, "too many messages"), "{said:?}");
    let first = link.wait(HANG);
    assert!(matches!(first, Some(NetInput::Connected { peer }) if peer == "mallory"));
    let second = link.wait(HANG);
    assert!(
        matches!(&second, Some(NetInput::Disconnected { reason }) if reason.contains("too many")),
        "{second:?}"
    );
}
