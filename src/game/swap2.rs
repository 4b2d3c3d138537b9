//! The swap2 opening: the first player puts three stones (black, white, black); the
//! second player then plays White, takes Black, or puts two more stones (white, black)
//! and hands the choice to the first player, who then takes a colour. White moves next
//! in every case. Freestyle and exact five only: renju keeps no special opening here.
//!
//! [`Swap2`] is the state of one opening, [`Swap2Brain`] the computer's decisions (the
//! strong engine's, [`super::swap2_brain::EngineSwap2`], unless a test plugs in its own).

use super::mode::GameMode;
use crate::engine::{Board, Pos, Rule, Stone};
use std::fmt;

/// How a game opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Black's first move, then turns in order.
    #[default]
    Standard,
    Swap2,
}

impl Opening {
    /// Every opening, in the menu's order.
    pub const ALL: [Opening; 2] = [Opening::Standard, Opening::Swap2];
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Opening::Standard => "standard",
            Opening::Swap2 => "swap2",
        })
    }
}

/// The two players of the opening, before their colours are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    First,
    Second,
}

/// Where the opening is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The first player puts three stones.
    Three,
    /// The second player chooses.
    SecondChooses,
    /// The second player puts two more stones.
    PlaceTwo,
    /// The first player chooses a colour.
    FirstChooses,
}

/// A choice of the player whose turn it is to choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Choice {
    /// Play White: the chooser puts White's next stone.
    White,
    /// Take Black: the other player puts White's next stone.
    Black,
    /// Put two more stones and hand the choice back (the second player only).
    PlaceTwo,
}

impl Swap2Choice {
    /// The choices open in `phase`.
    pub fn open_in(phase: Phase) -> &'static [Swap2Choice] {
        match phase {
            Phase::SecondChooses => &[
                Swap2Choice::White,
                Swap2Choice::Black,
                Swap2Choice::PlaceTwo,
            ],
            Phase::FirstChooses => &[Swap2Choice::White, Swap2Choice::Black],
            Phase::Three | Phase::PlaceTwo => &[],
        }
    }

    /// The button's words.
    pub fn label(self) -> &'static str {
        match self {
            Swap2Choice::White => "Play White",
            Swap2Choice::Black => "Play Black",
            Swap2Choice::PlaceTwo => "Place two",
        }
    }
}

/// What a choice settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The opening is over: the first player plays this colour.
    Colours { first: Stone },
    /// The second player puts two more stones.
    PlaceTwo,
}

/// One swap2 opening in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swap2 {
    phase: Phase,
    /// The role the computer plays, against a person.
    computer: Option<Role>,
}

impl Swap2 {
    /// The opening for a game of `mode` under `rule`: between two people here, or a
    /// person and the computer (the person playing Black in the menu opens), never
    /// under renju.
    pub fn new(opening: Opening, mode: GameMode, rule: Rule) -> Option<Swap2> {
        if opening != Opening::Swap2 || rule == Rule::Renju {
            return None;
        }
        let computer = match mode {
            GameMode::HumanVsHuman => None,
            GameMode::HumanVsComputer {
                human: Stone::Black,
            } => Some(Role::Second),
            GameMode::HumanVsComputer {
                human: Stone::White,
            } => Some(Role::First),
            GameMode::ComputerVsComputer | GameMode::Network { .. } => return None,
        };
        Some(Swap2 {
            phase: Phase::Three,
            computer,
        })
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Who acts now: puts stones or chooses.
    pub fn to_act(&self) -> Role {
        match self.phase {
            Phase::Three | Phase::FirstChooses => Role::First,
            Phase::SecondChooses | Phase::PlaceTwo => Role::Second,
        }
    }

    /// True when the computer acts now.
    pub fn computer_acts(&self) -> bool {
        self.computer == Some(self.to_act())
    }

    /// True when a stone may be put down with `stones` on the board.
    pub fn may_place(&self, stones: usize) -> bool {
        match self.phase {
            Phase::Three => stones < 3,
            Phase::PlaceTwo => stones < 5,
            Phase::SecondChooses | Phase::FirstChooses => false,
        }
    }

    /// After a stone: with three or five down, the choice is asked for. Returns the
    /// player who now chooses, if one does.
    pub fn placed(&mut self, stones: usize) -> Option<Role> {
        self.phase = match (self.phase, stones) {
            (Phase::Three, 3) => Phase::SecondChooses,
            (Phase::PlaceTwo, 5) => Phase::FirstChooses,
            _ => return None,
        };
        Some(self.to_act())
    }

    /// The chooser's choice, if open now.
    pub fn choose(&mut self, choice: Swap2Choice) -> Option<Settled> {
        if !Swap2Choice::open_in(self.phase).contains(&choice) {
            return None;
        }
        let chooser = self.to_act();
        let chooser_colour = match choice {
            Swap2Choice::PlaceTwo => {
                self.phase = Phase::PlaceTwo;
                return Some(Settled::PlaceTwo);
            }
            Swap2Choice::White => Stone::White,
            Swap2Choice::Black => Stone::Black,
        };
        let first = match chooser {
            Role::First => chooser_colour,
            Role::Second => chooser_colour.opponent(),
        };
        Some(Settled::Colours { first })
    }

    /// The person's colour against the computer once the first player plays `first`.
    pub fn person_colour(&self, first: Stone) -> Option<Stone> {
        match self.computer? {
            Role::First => Some(first.opponent()),
            Role::Second => Some(first),
        }
    }

    /// What a role is called on screen.
    pub fn name(&self, role: Role) -> &'static str {
        match (self.computer, role) {
            (None, Role::First) => "Player 1",
            (None, Role::Second) => "Player 2",
            (Some(c), r) if c == r => "Computer",
            _ => "You",
        }
    }

    /// The turn card's line (beside the colour of the stone to put down): who does
    /// what now.
    pub fn prompt(&self) -> String {
        let who = self.name(self.to_act());
        match self.phase {
            Phase::Three | Phase::PlaceTwo => format!("{who} places"),
            Phase::SecondChooses | Phase::FirstChooses => format!("{who} chooses"),
        }
    }

    /// What the choices mean, under the question.
    pub fn detail(&self) -> String {
        match self.phase {
            Phase::SecondChooses => format!(
                "Place two: white, black, then {} chooses",
                self.name(Role::First)
            ),
            _ => "White moves next either way".into(),
        }
    }

    /// The question over the board while a person chooses.
    pub fn question(&self) -> String {
        match self.computer {
            None => format!("{}, choose:", self.name(self.to_act())),
            Some(_) => "Your choice:".into(),
        }
    }
}

/// The line that says how the opening ended: the first player plays `first`, the
/// person here `you` against the computer.
pub fn over_text(first: Stone, you: Option<Stone>) -> String {
    match you {
        None => format!(
            "Player 1 plays {first}, player 2 plays {}; White to move",
            first.opponent()
        ),
        Some(you) => format!("You play {you}; White to move"),
    }
}

/// What the computer decides in a swap2 opening, by the stones on the board: 0, the
/// three opening stones; 3, a colour or two more stones; 5, a colour. (The strong
/// engine's `swap2::Choice`: `Play` is `Take(White)`, `Swap` is `Take(Black)`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Decision {
    Opening([Pos; 3]),
    Take(Stone),
    PlaceTwo([Pos; 2]),
}

/// The computer's side of a swap2 opening.
pub trait Swap2Brain: fmt::Debug + Send {
    /// The decision for `board` (0, 3 or 5 stones, White to move after 3 or 5).
    fn decide(&mut self, board: &Board, rule: Rule) -> Swap2Decision;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_players() -> Swap2 {
        Swap2::new(Opening::Swap2, GameMode::HumanVsHuman, Rule::Freestyle).expect("swap2")
    }

    #[test]
    fn the_choice_goes_back_after_two_more_stones() {
        let mut s = two_players();
        assert!(s.may_place(2) && !s.may_place(3));
        assert_eq!(s.placed(2), None);
        assert_eq!(s.placed(3), Some(Role::Second));
        assert_eq!(s.choose(Swap2Choice::PlaceTwo), Some(Settled::PlaceTwo));
        assert_eq!(s.to_act(), Role::Second);
        assert_eq!(s.placed(5), Some(Role::First));
        assert_eq!(s.choose(Swap2Choice::PlaceTwo), None, "only once");
        assert_eq!(
            s.choose(Swap2Choice::Black),
            Some(Settled::Colours {
                first: Stone::Black
            })
        );
    }

    #[test]
    fn the_second_player_takes_a_colour() {
        let mut s = two_players();
        assert_eq!(s.choose(Swap2Choice::White), None, "stones first");
        s.placed(3);
        let mut t = s.clone();
        assert_eq!(
            s.choose(Swap2Choice::White),
            Some(Settled::Colours {
                first: Stone::Black
            })
        );
        assert_eq!(
            t.choose(Swap2Choice::Black),
            Some(Settled::Colours {
                first: Stone::White
            })
        );
    }

    #[test]
    fn renju_networks_and_computer_pairs_keep_the_standard_opening() {
        let you = GameMode::HumanVsComputer {
            human: Stone::Black,
        };
        assert!(Swap2::new(Opening::Swap2, you, Rule::Renju).is_none());
        assert!(Swap2::new(
            Opening::Swap2,
            GameMode::ComputerVsComputer,
            Rule::Freestyle
        )
        .is_none());
        assert!(Swap2::new(Opening::Standard, you, Rule::Freestyle).is_none());
        let s = Swap2::new(Opening::Swap2, you, Rule::ExactFive).expect("swap2");
        assert!(!s.computer_acts(), "the person playing Black opens");
        assert_eq!(s.person_colour(Stone::White), Some(Stone::White));
    }
}
