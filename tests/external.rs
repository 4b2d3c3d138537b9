//! Outside pbrain engines through the session, as the game plays them: our own brain
//! binary as a well-behaved outside engine, and small shell scripts that misbehave
//! (sleep, print garbage, play an occupied point, exit, refuse the board). Each wait
//! has a generous limit that only guards against a hang; no test asserts on time.

use gomoku::engine::{Outcome, Pos, Stone};
use gomoku::game::external::{EngineHost, Limits, Report};
use gomoku::game::wake::no_waker;
use gomoku::game::{
    ChessManager, Command, Computer, ExternalEngine, GameEvent, GameMode, GameSettings,
    SearchRequest, TimeControl,
};
use std::path::PathBuf;
use std::time::Duration;

/// Guards every wait for the engine host against a hang; never a timing check.
const HANG: Duration = Duration::from_secs(60);

fn our_brain() -> ExternalEngine {
    ExternalEngine::from_path(PathBuf::from(env!("CARGO_BIN_EXE_pbrain-gomoku")))
}

/// A session where the person plays Black against `engine`, shown, at time 0. The
/// session's time stays at 0: the clock never falls, but the engine is told 300 ms.
fn session(engine: &ExternalEngine) -> ChessManager {
    let mut m = ChessManager::new(GameSettings {
        mode: GameMode::HumanVsComputer {
            human: Stone::Black,
        },
        computers: [
            Computer::External(engine.clone()),
            Computer::External(engine.clone()),
        ],
        time: TimeControl::PerMove { ms: 300 },
        ..GameSettings::default()
    });
    m.apply(Command::NewGame, Duration::ZERO);
    m.apply(Command::Show, Duration::ZERO);
    m
}

/// Carries out the session's events as the app does: searches to the host, and the
/// host's answers back, until the session stops asking. Returns the engine's messages.
fn play_out(m: &mut ChessManager, host: &EngineHost, events: Vec<GameEvent>) -> Vec<String> {
    let mut messages = Vec::new();
    let mut pending: Vec<SearchRequest> = events
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::SearchWanted(r) => Some(r),
            _ => None,
        })
        .collect();
    while let Some(request) = pending.pop() {
        host.request(request);
        let command = loop {
            match host.wait(HANG).expect("the host reports before the guard") {
                Report::Message(text) => messages.push(text),
                Report::Moved { ticket, pos } => {
                    break Command::SearchDone(gomoku::game::AiReply {
                        ticket,
                        best_move: Some(pos),
                        note: String::new(),
                    })
                }
                Report::Failed { ticket, reason } => {
                    break Command::SearchFailed { ticket, reason }
                }
            }
        };
        for e in m.apply(command, Duration::ZERO) {
            if let GameEvent::SearchWanted(r) = e {
                pending.push(r);
            }
        }
    }
    messages
}

fn place(m: &mut ChessManager, x: usize, y: usize) -> Vec<GameEvent> {
    m.apply(Command::Place(Pos::new(x, y)), Duration::ZERO)
}

#[test]
fn our_brain_plays_a_whole_game_as_an_outside_engine() {
    let engine = our_brain();
    let mut m = session(&engine);
    let host = EngineHost::spawn(engine, Limits::default(), no_waker());
    let mut messages = Vec::new();
    // The person plays along the top edge, far from the engine's stones.
    for x in 0..15 {
        if m.game().is_some_and(|g| g.is_over()) {
            break;
        }
        let events = place(&mut m, x, 0);
        messages.extend(play_out(&mut m, &host, events));
    }
    let g = m.game().expect("a game");
    assert!(
        matches!(
            g.result(),
            Some(Outcome::Win {
                winner: Stone::White,
                ..
            })
        ),
        "the engine wins: {:?}\n{}",
        g.result(),
        g.board()
    );
    assert!(g.ending().is_none(), "won on the board, not by a forfeit");
    assert!(
        messages.iter().any(|m| m.starts_with("depth")),
        "its MESSAGE lines came through: {messages:?}"
    );
}

#[test]
fn an_undo_while_the_engine_thinks_restarts_it_on_the_new_board() {
    let engine = our_brain();
    let mut m = session(&engine);
    let host = EngineHost::spawn(engine, Limits::default(), no_waker());
    let events = place(&mut m, 7, 7);
    let first = events
        .iter()
        .find_map(|e| match e {
            GameEvent::SearchWanted(r) => Some(r.clone()),
            _ => None,
        })
        .expect("a search");
    host.request(first);
    // Undo before the answer: the session voids the search and asks no more.
    let undo = m.apply(Command::Undo, Duration::ZERO);
    assert!(undo.contains(&GameEvent::SearchCancelled));
    host.cancel();
    let events = place(&mut m, 3, 3);
    play_out(&mut m, &host, events);
    let g = m.game().expect("a game");
    assert_eq!(g.board().move_count(), 2);
    assert_eq!(g.board().moves()[0].pos, Pos::new(3, 3));
    assert!(g.ending().is_none(), "no forfeit: {:?}", g.ending());
}

/// A fake engine: a shell script answering START with `start`, and every request for
/// a move (`BEGIN`, `TURN`, `DONE`) with `act` (`$xy` holds TURN's coordinates).
#[cfg(unix)]
fn fake(name: &str, start: &str, act: &str) -> ExternalEngine {
    use std::os::unix::fs::PermissionsExt;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fake-engines");
    std::fs::create_dir_all(&dir).expect("a folder for the fakes");
    let path = dir.join(format!("pbrain-{name}-{}", std::process::id()));
    let script = format!(
        "#!/bin/sh\n\
         while IFS= read -r line; do\n\
           case \"$line\" in\n\
             START*|RECTSTART*) {start} ;;\n\
             TURN*) xy=${{line#TURN }}; {act} ;;\n\
             BEGIN|DONE) xy=7,7; {act} ;;\n\
             END*) exit 0 ;;\n\
           esac\n\
         done\n"
    );
    // Written to a temporary name and renamed: a file still open for writing cannot
    // be run ("text file busy").
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, script).expect("script written");
    std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    std::fs::rename(&tmp, &path).expect("script in place");
    ExternalEngine::from_path(path)
}

/// Plays Black's first move against `engine` and returns how the game ended.
#[cfg(unix)]
fn first_move_against(engine: ExternalEngine) -> (String, Vec<String>) {
    let mut m = session(&engine);
    let limits = Limits {
        tolerance: Duration::from_millis(200),
        ..Limits::default()
    };
    let host = EngineHost::spawn(engine, limits, no_waker());
    let events = place(&mut m, 7, 7);
    let messages = play_out(&mut m, &host, events);
    let g = m.game().expect("the game survives");
    assert_eq!(
        g.board().move_count(),
        1,
        "the bad move never reached the board"
    );
    assert!(g.is_over(), "the engine lost");
    let record = g.to_record();
    assert!(record.validate(None).is_ok(), "and the record is sound");
    let text = g.ending().map(|e| e.to_string()).unwrap_or_default();
    (text, messages)
}

#[cfg(unix)]
#[test]
fn a_sleeping_engine_loses_on_time() {
    let (text, _) = first_move_against(fake("sleeper", "echo OK", "exec sleep 60"));
    assert!(
        text.starts_with("Black wins: White's pbrain-sleeper")
            && text.contains("did not answer within"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn an_engine_printing_garbage_loses_and_its_messages_were_shown() {
    let (text, messages) = first_move_against(fake(
        "garbage",
        "echo OK",
        "echo 'MESSAGE thinking hard'; echo 'hello there'",
    ));
    assert!(text.contains("answered garbage: \"hello there\""), "{text}");
    assert_eq!(messages, ["thinking hard"]);
}

#[cfg(unix)]
#[test]
fn an_engine_playing_an_occupied_point_loses() {
    let (text, _) = first_move_against(fake("copycat", "echo OK", "echo \"$xy\""));
    assert!(text.contains("played 7,7, an occupied point"), "{text}");
}

#[cfg(unix)]
#[test]
fn an_engine_that_exits_loses() {
    let (text, _) = first_move_against(fake("quitter", "echo OK", "exit 3"));
    assert!(text.contains("exited with status 3"), "{text}");
}

#[cfg(unix)]
#[test]
fn an_engine_refusing_the_board_or_missing_loses_with_the_reason() {
    let (text, _) = first_move_against(fake("picky", "echo 'ERROR only 20x20'", "echo 0,0"));
    assert!(text.contains("refused the board: only 20x20"), "{text}");
    let missing = ExternalEngine::from_path(PathBuf::from("/nonexistent/pbrain-ghost"));
    let (text, _) = first_move_against(missing);
    assert!(text.contains("pbrain-ghost could not be started"), "{text}");
}
