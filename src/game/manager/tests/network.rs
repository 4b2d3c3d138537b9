//! A network game as two sessions wired back to back by hand: what one sends, the
//! other receives. No sockets here (tests/net.rs has those): only who decides what.

use super::*;
use crate::game::command::NetInput;
use crate::game::ending::Ending;
use crate::game::net::message::{Message, Snapshot};
use crate::game::time_control::TimeControl;

/// A host (Black) and a guest (White), connected, the guest holding the host's game.
fn pair(time: TimeControl) -> (ChessManager, ChessManager) {
    let mut host = ChessManager::new(GameSettings {
        time,
        ..GameSettings::default()
    });
    assert_eq!(
        run(
            &mut host,
            Command::HostGame {
                local: Stone::Black
            },
            0
        ),
        ["started", "paused: Waiting for a player to join"]
    );
    run(&mut host, Command::Show, 0);
    let mut guest = ChessManager::new(GameSettings::default());
    assert_eq!(
        run(&mut guest, Command::JoinGame, 0),
        ["paused: Connecting\u{2026}"]
    );
    let sent = host.apply(connected("guest"), ms(0));
    assert_eq!(
        sent.iter().map(say).collect::<Vec<_>>(),
        ["linked to guest", "send state of 0 moves"]
    );
    run(&mut guest, connected("host"), 0);
    assert_eq!(deliver(&sent, &mut guest, 0), ["started"]);
    run(&mut guest, Command::Show, 0);
    (host, guest)
}

fn connected(peer: &str) -> Command {
    Command::Net(NetInput::Connected { peer: peer.into() })
}

fn received(m: Message) -> Command {
    Command::Net(NetInput::Received(m))
}

/// Hands every message in `events` to `to`, and says what it did.
fn deliver(events: &[GameEvent], to: &mut ChessManager, at: u64) -> Vec<String> {
    let mut said = Vec::new();
    for e in events {
        if let GameEvent::Send(m) = e {
            said.extend(run(to, received(m.clone()), at));
        }
    }
    said
}

fn sent(events: &[GameEvent]) -> Vec<Message> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Send(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// A command to `a`, then messages relayed back and forth until both are quiet: what
/// each side did, in order.
fn exchange(
    a: &mut ChessManager,
    b: &mut ChessManager,
    command: Command,
    at: u64,
) -> (Vec<String>, Vec<String>) {
    let mut said = [Vec::new(), Vec::new()];
    let mut events = a.apply(command, ms(at));
    let mut side = 0;
    loop {
        said[side].extend(events.iter().map(say));
        let messages = sent(&events);
        if messages.is_empty() {
            break;
        }
        side = 1 - side;
        let to = if side == 0 { &mut *a } else { &mut *b };
        events = messages
            .into_iter()
            .flat_map(|m| to.apply(received(m), ms(at)))
            .collect();
    }
    let [x, y] = said;
    (x, y)
}

fn moves(m: &ChessManager) -> usize {
    m.game().map_or(0, |g| g.board().move_count())
}

#[test]
fn the_host_decides_every_move_and_the_guest_follows_its_state() {
    let (mut host, mut guest) = pair(TimeControl::None);
    let (here, there) = exchange(&mut host, &mut guest, place(7, 7), 100);
    assert_eq!(
        here,
        [
            "Black H8 by Person",
            "save 1 moves",
            "send state of 1 moves"
        ]
    );
    assert_eq!(there, ["Black H8 by Remote", "save 1 moves"]);
    // The guest's click is only a request: its board follows the host's answer.
    let (here, there) = exchange(&mut guest, &mut host, place(8, 8), 200);
    assert_eq!(
        here,
        [
            r#"send {"type":"move","x":8,"y":8,"ply":1}"#,
            "White I7 by Person",
            "save 2 moves"
        ]
    );
    assert_eq!(
        there,
        [
            "White I7 by Remote",
            "save 2 moves",
            "send state of 2 moves"
        ]
    );
    assert_eq!(
        run(&mut guest, place(9, 9), 220),
        ["refused: it is the computer's turn"],
        "not the guest's turn"
    );
    assert_eq!(
        run(&mut host, place(8, 8), 230),
        ["refused: point (8, 8) is already occupied".replace("point ", "")]
    );
}

#[test]
fn a_hostile_guest_is_told_and_cut_off_and_the_board_never_changes() {
    let (mut host, _guest) = pair(TimeControl::None);
    run(&mut host, place(7, 7), 0);
    let occupied = received(Message::Move { x: 7, y: 7, ply: 1 });
    assert_eq!(
        run(&mut host, occupied, 10),
        [
            r#"send {"type":"error","message":"illegal move 7,7: not an empty point"}"#,
            "hang up: illegal move 7,7: not an empty point"
        ]
    );
    let off_board = received(Message::Move {
        x: 99,
        y: 0,
        ply: 1,
    });
    assert_eq!(run(&mut host, off_board, 10).len(), 2, "error and hang up");
    let hello = received(Message::Hello {
        version: 1,
        name: "x".into(),
        token: None,
    });
    assert_eq!(run(&mut host, hello, 10).len(), 2);
    assert_eq!(moves(&host), 1);
    // A move that crossed an undo in flight is only refused, and the state sent again.
    let stale = received(Message::Move { x: 1, y: 1, ply: 0 });
    assert_eq!(
        run(&mut host, stale, 20),
        [
            r#"send {"type":"error","message":"move refused: not your turn in this position"}"#,
            "send state of 1 moves"
        ]
    );
}

#[test]
fn a_guest_refuses_a_host_state_that_is_not_a_legal_game() {
    let (_host, mut guest) = pair(TimeControl::None);
    let bad = Snapshot {
        game: "x".into(),
        width: 15,
        height: 15,
        rule: crate::engine::Rule::Freestyle,
        time: TimeControl::None,
        host: Stone::Black,
        moves: vec![[7, 7, 0], [7, 7, 0]],
        ending: None,
        clock_ms: None,
        running: false,
    };
    let said = run(&mut guest, received(Message::State(bad.clone())), 10);
    assert!(
        said[1].starts_with("hang up: the state is not a legal game"),
        "{said:?}"
    );
    let huge = Snapshot {
        width: 1 << 40,
        moves: vec![],
        ..bad
    };
    assert_eq!(run(&mut guest, received(Message::State(huge)), 10).len(), 2);
    assert_eq!(moves(&guest), 0);
    assert!(guest.game().is_some(), "the old game is kept");
}

#[test]
fn undo_is_asked_and_carried_out_by_the_host_only_when_accepted() {
    let (mut host, mut guest) = pair(TimeControl::None);
    exchange(&mut host, &mut guest, place(7, 7), 0);
    exchange(&mut guest, &mut host, place(8, 8), 0);
    // The guest asks to take back its move; the host declines, then accepts.
    let (here, there) = exchange(&mut guest, &mut host, Command::Undo, 10);
    assert_eq!(here, [r#"send {"type":"offer","offer":"undo"}"#]);
    assert_eq!(there, ["asked for undo"]);
    assert_eq!(
        run(&mut guest, Command::Undo, 11),
        ["refused: asked already; waiting for the answer"]
    );
    let (_, there) = exchange(&mut host, &mut guest, Command::Answer(false), 20);
    assert_eq!(there, ["undo accepted: false"]);
    exchange(&mut guest, &mut host, Command::Undo, 30);
    let (here, there) = exchange(&mut host, &mut guest, Command::Answer(true), 40);
    assert_eq!(
        here,
        [
            r#"send {"type":"answer","offer":"undo","accept":true}"#,
            "undone 1",
            "save 1 moves",
            "send state of 1 moves"
        ]
    );
    assert_eq!(there, ["undo accepted: true", "undone 1", "save 1 moves"]);
    assert_eq!((moves(&host), moves(&guest)), (1, 1));
    assert_eq!(
        run(&mut host, Command::Answer(true), 50),
        ["refused: the other player has not offered anything"]
    );
    // The host asks in turn: its move and the guest's reply... here only its own.
    let (_, there) = exchange(&mut host, &mut guest, Command::Undo, 60);
    assert_eq!(there, ["asked for undo"]);
    let (_, there) = exchange(&mut guest, &mut host, Command::Answer(true), 70);
    assert_eq!(
        there,
        [
            "undo accepted: true",
            "undone 1",
            "save 0 moves",
            "send state of 0 moves"
        ]
    );
    assert_eq!(moves(&guest), 0);
}

#[test]
fn a_draw_by_agreement_and_a_resignation_end_the_game_on_both_sides() {
    let (mut host, mut guest) = pair(TimeControl::None);
    exchange(&mut host, &mut guest, place(7, 7), 0);
    exchange(&mut guest, &mut host, Command::OfferDraw, 10);
    let (here, there) = exchange(&mut host, &mut guest, Command::Answer(true), 20);
    assert_eq!(here[1..], ["draw", "save 1 moves", "send state of 1 moves"]);
    assert_eq!(there, ["draw accepted: true", "draw", "save 1 moves"]);
    assert_eq!(
        guest.game().and_then(|g| g.ending().cloned()),
        Some(Ending::DrawAgreed)
    );
    // The next game: only the host starts it.
    assert_eq!(
        run(&mut guest, Command::Restart, 30),
        ["refused: the host starts the next game"]
    );
    let (_, there) = exchange(&mut host, &mut guest, Command::Restart, 40);
    assert_eq!(there, ["started"]);
    let (here, there) = exchange(&mut guest, &mut host, Command::Resign, 50);
    assert_eq!(there, ["Black wins", "send state of 0 moves"]);
    assert_eq!(here, [r#"send {"type":"resign"}"#, "Black wins"]);
    assert_eq!(
        run(&mut host, Command::Restart, 60),
        ["started", "send state of 0 moves"],
        "a finished game may be followed by the next"
    );
}

#[test]
fn a_disconnect_pauses_the_clock_and_a_reconnect_resends_the_game() {
    let (mut host, mut guest) = pair(TimeControl::PerMove { ms: 5_000 });
    exchange(&mut host, &mut guest, place(7, 7), 1_000);
    let lost = Command::Net(NetInput::Disconnected {
        reason: "Connection lost".into(),
    });
    assert_eq!(
        run(&mut host, lost.clone(), 2_000),
        ["paused: Connection lost"]
    );
    run(&mut guest, lost, 2_000);
    assert_eq!(host.next_deadline(), None, "no clock runs while paused");
    assert_eq!(tick(&mut host, 60_000), Vec::<String>::new());
    assert_eq!(
        run(&mut guest, place(8, 8), 60_000),
        ["refused: not connected to the other player"]
    );
    run(&mut guest, connected("host"), 60_000);
    let (here, there) = exchange(&mut host, &mut guest, connected("guest"), 60_000);
    assert_eq!(here, ["linked to guest", "send state of 1 moves"]);
    assert_eq!(
        there,
        Vec::<String>::new(),
        "the same game: nothing changed"
    );
    let left = guest
        .game()
        .unwrap()
        .clocks()
        .left(Stone::White, ms(60_000));
    assert_eq!(
        left,
        Some(ms(4_000)),
        "White's clock kept its time over the break"
    );
    assert_eq!(host.next_deadline(), Some(ms(64_001)));
}

#[test]
fn the_host_flags_the_guest_and_the_guest_sees_why() {
    let (mut host, mut guest) = pair(TimeControl::PerMove { ms: 5_000 });
    exchange(&mut host, &mut guest, place(7, 7), 1_000);
    let flagged = host.tick(ms(6_001));
    assert_eq!(
        flagged.iter().map(say).collect::<Vec<_>>(),
        ["Black wins", "save 1 moves", "send state of 1 moves"]
    );
    assert_eq!(
        guest.tick(ms(9_000)),
        Vec::new(),
        "the guest never flags itself"
    );
    assert_eq!(
        deliver(&flagged, &mut guest, 6_001),
        ["Black wins", "save 1 moves"]
    );
    assert_eq!(
        guest.game().and_then(|g| g.ending().cloned()),
        Some(Ending::Time {
            loser: Stone::White
        })
    );
}

#[test]
fn leaving_tells_the_other_side_and_the_game_is_not_resumed() {
    let (mut host, mut guest) = pair(TimeControl::None);
    let (here, there) = exchange(&mut guest, &mut host, Command::LeaveNetwork, 0);
    assert_eq!(
        here,
        [
            r#"send {"type":"leave"}"#,
            "closed: You left the network game"
        ]
    );
    assert_eq!(there, ["closed: The other player left the game"]);
    assert!(!guest.can_resume());
    assert_eq!(
        run(&mut host, Command::OfferDraw, 0),
        ["refused: not connected to the other player"]
    );
}

#[test]
fn no_hints_in_a_network_game() {
    let (mut host, _guest) = pair(TimeControl::None);
    assert_eq!(
        run(&mut host, Command::Hint, 0),
        ["refused: no hints or moves played for you in a network game"]
    );
}

#[test]
fn renju_binds_a_guest_playing_black_here_and_at_the_host() {
    let mut host = ChessManager::new(GameSettings {
        rule: crate::engine::Rule::Renju,
        ..GameSettings::default()
    });
    run(
        &mut host,
        Command::HostGame {
            local: Stone::White,
        },
        0,
    );
    run(&mut host, Command::Show, 0);
    let mut guest = ChessManager::new(GameSettings::default());
    run(&mut guest, Command::JoinGame, 0);
    let sent = host.apply(connected("guest"), ms(0));
    run(&mut guest, connected("host"), 0);
    deliver(&sent, &mut guest, 0);
    run(&mut guest, Command::Show, 0);
    for (i, (b, w)) in [(3, 3), (4, 5), (5, 7), (7, 9), (8, 11)]
        .into_iter()
        .enumerate()
    {
        let at = 100 * i as u64;
        exchange(&mut guest, &mut host, place(b, 7), at);
        exchange(&mut host, &mut guest, place(w, 0), at + 50);
    }
    assert_eq!(moves(&guest), 10);
    // Six in a row would be an overline: the guest's click is refused at home...
    assert_eq!(
        run(&mut guest, place(6, 7), 600),
        ["refused: Black may not play there: it would make overline"]
    );
    // ...and a guest that sends it anyway is cut off.
    let overline = received(Message::Move {
        x: 6,
        y: 7,
        ply: 10,
    });
    let said = run(&mut host, overline, 600);
    assert_eq!(
        said.last().map(String::as_str),
        Some("hang up: illegal move 6,7: forbidden under renju (overline)")
    );
    assert_eq!(moves(&host), 10);
}
