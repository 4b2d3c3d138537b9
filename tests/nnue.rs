//! The evaluation network in the engine: its running sums after any sequence of makes,
//! unmakes and passes (also below the position it was made for) equal a count from
//! scratch read straight off the board; both
//! colours read the board alike; bad weights files are refused with a reason; and the
//! brain plays through a network given on its command line.

use gomoku::engine::strong::nnue::keys::{RowMap, CODES};
use gomoku::engine::strong::nnue::network::{to_bytes, Row, CHANNELS, HIDDEN, QA};
use gomoku::engine::strong::nnue::{NetError, Network};
use gomoku::engine::strong::pattern::SLOT_OFFSETS;
use gomoku::engine::strong::state::State;
use gomoku::engine::{Board, Pos, Rule, Stone};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::OnceLock;

mod common;
use common::Brain;

/// A network with random rows and head, built once.
fn random_network() -> &'static Network {
    static NET: OnceLock<Network> = OnceLock::new();
    NET.get_or_init(|| Network::from_bytes(&random_file(3, HIDDEN)).expect("a well-formed file"))
}

fn random_file(seed: u64, hidden: usize) -> Vec<u8> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rows: Vec<Row> = (0..RowMap::get().count())
        .map(|r| {
            let mut row = [0i16; CHANNELS];
            if r > 0 {
                row.iter_mut().for_each(|v| *v = rng.random_range(-60..90));
            }
            row
        })
        .collect();
    let mut f = |n: usize| -> Vec<f32> { (0..n).map(|_| rng.random_range(-1.0..1.0)).collect() };
    let (w1, b1, w2) = (f(hidden * 2 * CHANNELS), f(hidden), f(hidden));
    to_bytes(&rows, 250.0, &w1, &b1, &w2, 0.1)
}

/// Each colour's pooled sums counted from the board alone: every cell's four lines read
/// cell by cell (off the board is a wall), nothing kept from earlier positions.
fn pooled_from_scratch(net: &Network, board: &Board) -> [i16; 2 * CHANNELS] {
    let code = |x: isize, y: isize| -> u32 {
        match board.pos_at(x, y).map(|p| board.get(p)) {
            None => CODES[3],
            Some(None) => CODES[0],
            Some(Some(Stone::Black)) => CODES[1],
            Some(Some(Stone::White)) => CODES[2],
        }
    };
    let mut pooled = [0i16; 2 * CHANNELS];
    for p in board.cells().filter(|&p| board.is_empty(p)) {
        let (x, y) = (p.x as isize, p.y as isize);
        let mut sums = [[0i32; CHANNELS]; 2];
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
            let mut key = 0;
            for (slot, &off) in SLOT_OFFSETS[..8].iter().enumerate() {
                key |= code(x + off * dx, y + off * dy) << (2 * slot);
            }
            let white_key = swap(key);
            for (colour, k) in [key, white_key].into_iter().enumerate() {
                for (s, v) in sums[colour].iter_mut().zip(net.row(k)) {
                    *s += v as i32;
                }
            }
        }
        for colour in 0..2 {
            for (i, s) in sums[colour].iter().enumerate() {
                pooled[colour * CHANNELS + i] += (*s).clamp(0, QA as i32) as i16;
            }
        }
    }
    pooled
}

/// Black and White exchanged, code by code, written out rather than borrowed.
fn swap(key: u32) -> u32 {
    (0..8).fold(0, |out, slot| {
        let c = (key >> (2 * slot)) & 3;
        let c = match c {
            1 => 2,
            2 => 1,
            other => other,
        };
        out | c << (2 * slot)
    })
}

#[test]
fn running_sums_equal_a_count_from_scratch_through_make_unmake_and_pass() {
    let net = random_network();
    let mut rng = SmallRng::seed_from_u64(17);
    for game in 0..60 {
        let (w, h) = (rng.random_range(5..=22), rng.random_range(5..=22));
        let mut board = Board::new(w, h).expect("size in range");
        let mut state = State::new(w, h, Rule::Freestyle).with_network(Some(net));
        let mut passes = 0;
        for step in 0..rng.random_range(10..120) {
            let undo = rng.random_bool(0.25) && board.move_count() > 0 && passes == 0;
            if undo {
                board.undo();
                state.unmake();
            } else if rng.random_bool(0.05) && passes == 0 {
                state.pass();
                passes += 1;
                continue;
            } else {
                if passes > 0 {
                    state.unmake();
                    passes = 0;
                }
                let p = Pos::new(rng.random_range(0..w), rng.random_range(0..h));
                if !board.is_empty(p) {
                    continue;
                }
                board.play(p).expect("an empty point");
                state.make(state.cell_of(p));
            }
            let acc = state.network().expect("the state has the network");
            assert_eq!(
                *acc.pooled(),
                pooled_from_scratch(net, &board),
                "game {game} step {step}\n{board}"
            );
        }
    }
}

#[test]
fn sums_made_mid_game_follow_unmakes_below_their_start() {
    let net = random_network();
    let mut rng = SmallRng::seed_from_u64(23);
    for _ in 0..40 {
        let mut board = Board::square(15).expect("15x15");
        while board.move_count() < 30 {
            let p = Pos::new(rng.random_range(0..15), rng.random_range(0..15));
            let _ = board.play(p);
        }
        let mut state = State::from_board(&board, Rule::Freestyle).with_network(Some(net));
        for _ in 0..20 {
            board.undo();
            state.unmake();
            let acc = state.network().expect("the state has the network");
            assert_eq!(*acc.pooled(), pooled_from_scratch(net, &board), "\n{board}");
        }
    }
}

#[test]
fn both_colours_read_the_board_alike() {
    let net = random_network();
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..200 {
        let mut board = Board::square(15).expect("15x15");
        let mut swapped = Board::square(15).expect("15x15");
        for _ in 0..rng.random_range(1..40) {
            let p = Pos::new(rng.random_range(0..15), rng.random_range(0..15));
            if board.is_empty(p) {
                let stone = board.side_to_move();
                board.play(p).expect("an empty point");
                swapped.place(p, stone.opponent()).expect("an empty point");
            }
        }
        swapped.set_side_to_move(board.side_to_move().opponent());
        let eval = |b: &Board| {
            let mut s = State::from_board(b, Rule::Freestyle).with_network(Some(net));
            gomoku::engine::strong::eval::evaluate(&mut s)
        };
        assert_eq!(eval(&board), eval(&swapped), "\n{board}");
    }
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let good = random_file(9, HIDDEN);
    assert!(Network::from_bytes(&good).is_ok());
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(Network::from_bytes(&magic).err(), Some(NetError::Magic));
    assert!(matches!(
        Network::from_bytes(&good[..good.len() - 3]),
        Err(NetError::Truncated(3))
    ));
    let mut longer = good.clone();
    longer.push(0);
    assert_eq!(
        Network::from_bytes(&longer).err(),
        Some(NetError::Trailing(1))
    );
    let mut channels = good.clone();
    channels[8] = 7;
    assert!(matches!(
        Network::from_bytes(&channels),
        Err(NetError::Channels { found: 7, .. })
    ));
    let mut hidden = good.clone();
    hidden[12..16].copy_from_slice(&100_000u32.to_le_bytes());
    assert_eq!(
        Network::from_bytes(&hidden).err(),
        Some(NetError::Hidden(100_000))
    );
    let mut rows = good.clone();
    rows[16..20].copy_from_slice(&5u32.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&rows),
        Err(NetError::Rows { found: 5, .. })
    ));
    let mut nan = good.clone();
    let at = nan.len() - 4;
    nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
    assert_eq!(Network::from_bytes(&nan).err(), Some(NetError::NotFinite));
    assert!(matches!(
        Network::from_bytes(&[]),
        Err(NetError::Truncated(_))
    ));
}

/// The brain with `--net` plays real moves through the network (a random one: what is
/// tested is the path, not the play); a missing or corrupt file stops it at start with
/// the reason, before any protocol line.
#[test]
fn the_brain_loads_a_network_file_or_says_why_not() {
    let dir = std::env::temp_dir().join(format!("gomoku-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let file = dir.join("random.gmknet");
    std::fs::write(&file, random_file(5, HIDDEN)).expect("written");
    let mut b = Brain::spawn_with(&["--net", file.to_str().expect("utf-8 path")]);
    b.send("START 15");
    assert_eq!(b.answer(), "OK");
    b.send("INFO max_node 20000");
    let mut board = Board::square(15).expect("15x15");
    let mut reply = "BEGIN".to_string();
    for _ in 0..6 {
        b.send(&reply);
        let mv = b.move_answer();
        board.play(mv).expect("the brain's move is legal");
        let ours = board.cells().find(|&p| board.is_empty(p)).expect("room");
        board.play(ours).expect("empty");
        reply = format!("TURN {},{}", ours.x, ours.y);
    }
    b.send("END");
    assert_eq!(b.exit_code(), Some(0));

    let corrupt = dir.join("corrupt.gmknet");
    std::fs::write(&corrupt, b"GMKNET01 and then nothing").expect("written");
    for bad in [corrupt, dir.join("missing.gmknet")] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .args(["--net", bad.to_str().expect("utf-8 path")])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(bad.file_name().unwrap().to_str().unwrap()),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The network shipped in `assets/nets` is read by this build (its format, channels and
/// row count are this build's), and what it adds to the pattern weights favours the
/// side to move with an open three over the side facing one.
#[test]
fn the_shipped_network_loads_and_reads_positions_sensibly() {
    let bytes = include_bytes!("../assets/nets/freestyle-n9.gmknet");
    let net: &'static Network = Box::leak(Box::new(
        Network::from_bytes(bytes).expect("the shipped network fits this build"),
    ));
    let value = |moves: &[(usize, usize)]| {
        let mut board = Board::square(15).expect("15x15");
        for &(x, y) in moves {
            board.play(Pos::new(x, y)).expect("empty");
        }
        let mut s = State::from_board(&board, Rule::Freestyle).with_network(Some(net));
        let me = s.side_to_move();
        s.network().expect("a network").evaluate(me)
    };
    // Black has three in a row with both ends open and it is Black's move again after
    // White's distant stones: the side to move is ahead.
    let ahead = value(&[(7, 7), (0, 14), (8, 7), (14, 0), (9, 7), (0, 0)]);
    let behind = value(&[(7, 7), (0, 14), (8, 7), (14, 0), (9, 7), (0, 0), (14, 14)]);
    assert!(
        ahead > behind,
        "to move with an open three {ahead}, facing it {behind}"
    );
}
