//! Records: exact round-trips (JSON, position string, psq) over random games and a renju
//! game (its rule kept where the format can carry it), crash
//! safety of saves, and every kind of bad file reported by name without loss.

use gomoku::engine::{Board, Level, Pos, Rule};
use gomoku::game::record::posstring::{parse_pos_string, to_game_string, to_pos_string};
use gomoku::game::record::psq::{parse_psq, to_psq};
use gomoku::game::record::{import, import_as, GameRecord, RecordError, RecordStore};
use gomoku::game::GameMode;
use proptest::prelude::*;
use std::path::PathBuf;

#[path = "positions/mod.rs"]
mod positions;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "gomoku-records-{}-{name}-{}",
        std::process::id(),
        rand::random::<u32>()
    ));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// A legal game of random moves on a `w` x `h` board, stopping at a win.
fn random_game(w: usize, h: usize, picks: &[(usize, usize)]) -> Board {
    let mut b = Board::new(w, h).expect("size in range");
    for &(x, y) in picks {
        if gomoku::engine::rules::outcome(&b, Rule::Freestyle).is_some() {
            break;
        }
        let _ = b.play(Pos::new(x % w, y % h));
    }
    b
}

fn record_of(board: &Board, started: u64) -> GameRecord {
    let times: Vec<u64> = (0..board.move_count() as u64).map(|i| i * 37).collect();
    GameRecord::from_board(
        format!("{started}-test"),
        board,
        Rule::Freestyle,
        GameMode::HumanVsHuman,
        Level::Hard,
        started,
        &times,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn json_pos_string_and_psq_round_trip(w in 5usize..=22, h in 5usize..=22, picks in proptest::collection::vec((0usize..22, 0usize..22), 0..150)) {
        let board = random_game(w, h, &picks);
        let record = record_of(&board, 1_700_000_000);
        let json = serde_json::to_string(&record).expect("serialises");
        let back: GameRecord = serde_json::from_str(&json).expect("parses");
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_board(None).expect("valid"), board.clone());

        let s = to_pos_string(record.positions(), h);
        let moves = parse_pos_string(&s, w, h).expect("own output parses");
        prop_assert_eq!(moves, record.positions().collect::<Vec<_>>());

        let (pw, ph, pmoves) = parse_psq(&to_psq(&record)).expect("own output parses");
        prop_assert_eq!((pw, ph), (w, h));
        let times: Vec<u64> = record.moves.iter().map(|m| m.ms).collect();
        prop_assert_eq!(pmoves.iter().map(|m| m.1).collect::<Vec<_>>(), times);
        prop_assert_eq!(pmoves.iter().map(|m| m.0).collect::<Vec<_>>(), record.positions().collect::<Vec<_>>());
    }
}

#[test]
fn import_detects_each_format() {
    let r = import("h8i9j10", 15).expect("pos string");
    assert_eq!(
        r.positions().collect::<Vec<_>>(),
        vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 5)]
    );
    let r = import("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,10\n", 15).expect("psq");
    assert_eq!(r.moves.len(), 2);
    let json = serde_json::to_string(&r).expect("serialises");
    assert_eq!(import(&json, 15).expect("json"), r);
    assert!(import("h8h8", 15).is_err());
    assert!(
        import("Piskvorky 15x15\n8,8\n8,8\n", 15).is_err(),
        "occupied cell in psq"
    );
}

#[test]
fn a_save_interrupted_mid_write_leaves_the_previous_version() {
    let dir = temp_dir("crash");
    let store = RecordStore::open(&dir).expect("opens");
    let mut board = Board::square(15).expect("legal");
    board.play(Pos::new(7, 7)).expect("empty");
    let v1 = record_of(&board, 1_700_000_100);
    let path = store.save(&v1).expect("saved");
    // A writer killed mid-save leaves a truncated temp file beside the record.
    let tmp = gomoku::files::temp_path(&path);
    let text = std::fs::read_to_string(&path).expect("readable");
    std::fs::write(&tmp, &text[..text.len() / 2]).expect("partial temp written");
    assert_eq!(RecordStore::load(&path).expect("v1 intact"), v1);
    assert_eq!(store.list().len(), 1, "the temp file is not listed");
    assert_eq!(store.latest_unfinished(), Some((path.clone(), v1.clone())));
    // The next save completes and replaces the temp file.
    board.play(Pos::new(8, 8)).expect("empty");
    let v2 = record_of(&board, 1_700_000_100);
    store.save(&v2).expect("saved");
    assert_eq!(RecordStore::load(&path).expect("v2"), v2);
    assert!(!tmp.exists(), "the temp file became the record");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn corrupt_files_are_reported_by_name_and_left_untouched() {
    let dir = temp_dir("corrupt");
    let store = RecordStore::open(&dir).expect("opens");
    let mut board = Board::square(15).expect("legal");
    for (x, y) in [(7, 7), (8, 8), (6, 6)] {
        board.play(Pos::new(x, y)).expect("empty");
    }
    let good = record_of(&board, 1_700_000_200);
    store.save(&good).expect("saved");
    let good_json = serde_json::to_string(&good).expect("serialises");
    let bad: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("truncated", good_json[..good_json.len() / 3].to_string()),
        (
            "wrong-types",
            good_json.replace("\"width\":15", "\"width\":\"fifteen\""),
        ),
        (
            "version",
            good_json.replace("\"format_version\":1", "\"format_version\":99"),
        ),
        (
            "off-board",
            good_json.replace("\"x\":6,\"y\":6", "\"x\":16,\"y\":6"),
        ),
        (
            "occupied",
            good_json.replace("\"x\":6,\"y\":6", "\"x\":7,\"y\":7"),
        ),
        (
            "duplicate",
            good_json.replace("\"x\":8,\"y\":8", "\"x\":7,\"y\":7"),
        ),
        (
            "path-id",
            good_json.replace("1700000200-test", "../../etc/passwd"),
        ),
    ];
    for (name, text) in &bad {
        std::fs::write(store.dir().join(format!("{name}.json")), text).expect("written");
    }
    let before: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(store.dir())
        .expect("listable")
        .map(|e| {
            let p = e.expect("entry").path();
            let bytes = std::fs::read(&p).expect("readable");
            (p, bytes)
        })
        .collect();
    let listed = store.list();
    assert_eq!(listed.len(), bad.len() + 1, "every file listed");
    assert!(
        matches!(&listed[0], Ok((_, r)) if *r == good),
        "the good record first"
    );
    for (name, _) in &bad {
        let err = listed
            .iter()
            .filter_map(|e| e.as_ref().err())
            .find(|e| e.to_string().contains(&format!("{name}.json")))
            .unwrap_or_else(|| panic!("no error naming {name}.json"));
        let msg = err.to_string();
        let expected = match *name {
            "version" => matches!(err, RecordError::UnsupportedVersion { found: 99, .. }),
            "off-board" => msg.contains("off the 15x15 board"),
            "occupied" | "duplicate" => msg.contains("occupied"),
            "path-id" => matches!(err, RecordError::BadId { .. }),
            "empty" => matches!(err, RecordError::Empty { .. }),
            _ => matches!(err, RecordError::Json { .. }),
        };
        assert!(expected, "{name}: {msg}");
    }
    for (p, bytes) in before {
        assert_eq!(
            std::fs::read(&p).expect("still there"),
            bytes,
            "{} changed",
            p.display()
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn latest_unfinished_is_the_newest_game_without_a_result() {
    let dir = temp_dir("latest");
    let store = RecordStore::open(&dir).expect("opens");
    let mut b = Board::square(15).expect("legal");
    b.play(Pos::new(7, 7)).expect("empty");
    let old = record_of(&b, 1_000);
    let new = record_of(&b, 2_000);
    let mut won = Board::square(15).expect("legal");
    for i in 0..4 {
        won.play(Pos::new(i, 0)).expect("empty");
        won.play(Pos::new(i, 5)).expect("empty");
    }
    won.play(Pos::new(4, 0)).expect("empty");
    let finished = record_of(&won, 3_000);
    assert!(finished.result.is_some());
    for r in [&old, &new, &finished] {
        store.save(r).expect("saved");
    }
    assert_eq!(store.latest_unfinished().map(|(_, r)| r), Some(new));
    let _ = std::fs::remove_dir_all(dir);
}

fn renju_record() -> GameRecord {
    let board = positions::double_three();
    let times = vec![5; board.move_count()];
    GameRecord::from_board(
        "1700000000-renju".into(),
        &board,
        Rule::Renju,
        GameMode::HumanVsHuman,
        Level::Hard,
        1_700_000_000,
        &times,
    )
}

#[test]
fn a_renju_record_keeps_its_rule_as_json() {
    let record = renju_record();
    let json = serde_json::to_string(&record).expect("serialises");
    let back = import(&json, 15).expect("parses");
    assert_eq!(back, record);
    assert_eq!(back.rule, Rule::Renju);
    assert_eq!(
        back.to_board(None).expect("valid"),
        positions::double_three()
    );
}

#[test]
fn a_renju_position_string_names_its_rule() {
    let record = renju_record();
    let s = to_game_string(record.rule, record.positions(), record.height);
    assert!(s.starts_with("renju:"), "{s}");
    // The menu's rule does not matter: the string names its own.
    let back = import_as(&s, 15, Rule::Freestyle).expect("parses");
    assert_eq!(back.rule, Rule::Renju);
    assert_eq!(
        back.to_board(None).expect("valid"),
        positions::double_three()
    );
    // A freestyle game's string stays plain, and plain strings take the importer's rule.
    let plain = to_game_string(Rule::Freestyle, record.positions(), record.height);
    assert!(!plain.contains(':'));
    assert_eq!(
        import_as(&plain, 15, Rule::Renju).expect("parses").rule,
        Rule::Renju
    );
    assert_eq!(import(&plain, 15).expect("parses").rule, Rule::Freestyle);
}

#[test]
fn a_psq_cannot_name_the_rule_so_the_importer_chooses_it() {
    let record = renju_record();
    let psq = to_psq(&record);
    let back = import_as(&psq, 15, Rule::Renju).expect("parses");
    assert_eq!(back.rule, Rule::Renju);
    assert_eq!(
        back.to_board(None).expect("valid"),
        positions::double_three()
    );
    let times: Vec<u64> = back.moves.iter().map(|m| m.ms).collect();
    assert_eq!(times, vec![5; record.moves.len()]);
    assert_eq!(import(&psq, 15).expect("parses").rule, Rule::Freestyle);
}

#[test]
fn a_renju_record_with_a_forbidden_move_is_refused() {
    let s = format!("renju:{}h8", to_pos_string(renju_record().positions(), 15));
    let err = import(&s, 15).expect_err("h8 is a double three for Black");
    assert!(
        matches!(err, RecordError::IllegalMove { number: 9, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("double three"), "{err}");
    // Under freestyle the same moves are a game.
    let free = s.trim_start_matches("renju:");
    assert_eq!(import(free, 15).expect("legal").moves.len(), 9);
}
