//! Developer probe: prints the strong engine's view of a position given as moves.
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::{StrongEngine, StrongLimits};
use gomoku::engine::{Board, Pos, Rule};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args[0].parse().unwrap();
    let mut board = Board::square(15).unwrap();
    for m in &args[1..] {
        let (x, y) = m.split_once(',').unwrap();
        board
            .play(Pos::new(x.parse().unwrap(), y.parse().unwrap()))
            .unwrap();
    }
    let st = State::from_board(&board, Rule::Freestyle);
    print!("{board}");
    let me = st.side_to_move();
    println!(
        "to move {me} sums me {:?} opp {:?}",
        st.value_sum(me),
        st.value_sum(1 - me)
    );
    let mut cands = Vec::new();
    st.candidates(&mut cands);
    for c in cands {
        let p = st.pos_of(c);
        let mut s2 = st.clone();
        s2.make(c);
        let me2 = s2.side_to_move();
        let e = gomoku::engine::strong::eval::evaluate(
            s2.value_sum(me2),
            s2.value_sum(1 - me2),
            gomoku::engine::strong::eval::Weights::get(),
        );
        println!(
            "{},{} t{:?}/{:?} after-eval(for mover) {}",
            p.x,
            p.y,
            st.threat(c, me),
            st.threat(c, 1 - me),
            -e
        );
    }
    let mut eng = StrongEngine::default();
    for d in 1..=depth {
        let r = eng.search(&board, Rule::Freestyle, &StrongLimits::depth(d));
        println!(
            "depth {d}: {:?} score {} nodes {} pv {:?}",
            r.best_move, r.score, r.stats.nodes, r.pv
        );
    }
}
