//! Threat search (VCF): every win it claims is checked move by move with the plain rules
//! on a `Board` (an independent oracle), it finds wins deeper than the seed's Easy search
//! sees, and Master uses it to attack and to defend.

use gomoku::engine::position::Position;
use gomoku::engine::rules::wins_if_placed;
use gomoku::engine::search::is_win_score;
use gomoku::engine::threats::{find_vcf, VcfLimits};
use gomoku::engine::{Board, ChessEngine, Level, Pos, Rule, SearchConfig, SearchLimits, Stone};
use std::time::Duration;

fn winning_cells(board: &Board, stone: Stone) -> Vec<Pos> {
    board
        .cells()
        .filter(|&p| wins_if_placed(board, Rule::Freestyle, p, stone))
        .collect()
}

/// True when `line` (attacker, defender, ...) is a forced win for the side to move.
fn verify_vcf(board: &Board, line: &[Pos]) -> Result<(), String> {
    let mut b = board.clone();
    let attacker = b.side_to_move();
    let mut i = 0;
    loop {
        let mv = *line.get(i).ok_or("line ended without a win")?;
        if wins_if_placed(&b, Rule::Freestyle, mv, attacker) {
            return Ok(());
        }
        if !winning_cells(&b, attacker.opponent()).is_empty() && i > 0 {
            return Err(format!("defender could win before move {i}"));
        }
        b.play(mv).map_err(|e| e.to_string())?;
        if !winning_cells(&b, attacker.opponent()).is_empty() {
            return Err(format!("after attacker move {i} the defender wins at once"));
        }
        let threats = winning_cells(&b, attacker);
        match threats.len() {
            0 => return Err(format!("move {i} {mv} is not a four")),
            1 => {
                let block = *line.get(i + 1).ok_or("missing block")?;
                if block != threats[0] {
                    return Err(format!(
                        "block {block} is not the only defence {:?}",
                        threats[0]
                    ));
                }
                b.play(block).map_err(|e| e.to_string())?;
                i += 2;
            }
            _ => return Ok(()), // open four
        }
    }
}

/// Positions from fixed-seed Easy self-play, every few moves, until someone wins.
fn self_play_positions(games: u64) -> Vec<Board> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut board = Board::square(15).expect("15 is legal");
        let mut engine = ChessEngine::new(SearchConfig {
            seed: Some(seed),
            ..SearchConfig::default()
        });
        while board.move_count() < 80 {
            let Some(mv) = engine.search(&board, &SearchLimits::depth(2)).best_move else {
                break;
            };
            if wins_if_placed(&board, Rule::Freestyle, mv, board.side_to_move()) {
                break;
            }
            board.play(mv).expect("engine moves are legal");
            if board.move_count() >= 8 {
                out.push(board.clone());
            }
        }
    }
    out
}

fn to_positions(pos: &Position, cells: &[u16]) -> Vec<Pos> {
    cells.iter().map(|&c| pos.pos(c)).collect()
}

#[test]
fn every_vcf_found_is_a_real_forced_win_and_some_are_deep() {
    let positions = self_play_positions(8);
    let (mut found, mut deep_beyond_easy) = (0, 0);
    for board in &positions {
        if !winning_cells(board, board.side_to_move()).is_empty()
            || !winning_cells(board, board.side_to_move().opponent()).is_empty()
        {
            continue; // plain win / forced block: not a threat-search question
        }
        let mut pos = Position::from_board(board);
        let (line, _) = find_vcf(&mut pos, Rule::Freestyle, VcfLimits::default());
        let Some(line) = line else { continue };
        let line = to_positions(&pos, &line);
        verify_vcf(board, &line).unwrap_or_else(|e| panic!("{e}: {line:?}\n{board}"));
        found += 1;
        if line.len() >= 5 {
            let easy = ChessEngine::new(SearchConfig {
                seed: Some(1),
                ..SearchConfig::default()
            })
            .search(board, &Level::Easy.limits());
            if !is_win_score(easy.score) {
                deep_beyond_easy += 1;
            }
        }
    }
    eprintln!(
        "found {found} deep {deep_beyond_easy} of {}",
        positions.len()
    );
    assert!(
        found >= 5,
        "only {found} VCFs in {} positions",
        positions.len()
    );
    assert!(deep_beyond_easy >= 1, "no VCF deeper than Easy's horizon");
}

#[test]
fn master_plays_its_vcf_and_refutes_the_opponents_when_it_can() {
    let positions = self_play_positions(4);
    let master = SearchLimits::strongest(Duration::from_millis(600));
    let (mut attacks, mut defences) = (0, 0);
    for board in positions.iter().step_by(3) {
        let me = board.side_to_move();
        if !winning_cells(board, me).is_empty() || !winning_cells(board, me.opponent()).is_empty() {
            continue;
        }
        let mut pos = Position::from_board(board);
        let (mine, _) = find_vcf(&mut pos, Rule::Freestyle, VcfLimits::default());
        let r = ChessEngine::new(SearchConfig {
            seed: Some(2),
            ..SearchConfig::default()
        })
        .search(board, &master);
        let mv = r.best_move.expect("a move");
        assert!(board.is_empty(mv));
        if mine.is_some() {
            attacks += 1;
            assert!(
                is_win_score(r.score) && r.score > 0,
                "missed own VCF\n{board}"
            );
            continue;
        }
        pos.pass();
        let (theirs, _) = find_vcf(&mut pos, Rule::Freestyle, VcfLimits::default());
        pos.pass();
        if theirs.is_none() {
            continue;
        }
        // Is there any refutation at all? (brute force over every empty cell)
        let refutes = |p: Pos| {
            let mut b = board.clone();
            b.play(p).expect("empty");
            find_vcf(
                &mut Position::from_board(&b),
                Rule::Freestyle,
                VcfLimits::default(),
            )
            .0
            .is_none()
        };
        if board.cells().filter(|&p| board.is_empty(p)).any(refutes) {
            defences += 1;
            assert!(
                refutes(mv),
                "Master's {mv} leaves the opponent's VCF standing\n{board}"
            );
        }
    }
    eprintln!(
        "attacks {attacks} defences {defences} of {}",
        positions.len()
    );
    assert!(
        attacks + defences >= 3,
        "attacks {attacks}, defences {defences}: too few cases"
    );
}
