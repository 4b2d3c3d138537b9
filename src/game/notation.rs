//! Printed-board coordinates: columns A.. from the left, rows 1.. from the bottom,
//! shared by the UI labels and the position string (`h8i9...`).

use crate::engine::Pos;

/// Column letter for `x` (A for 0). Boards are at most 22 wide, so A..V.
pub fn column_letter(x: usize) -> char {
    (b'A' + (x as u8).min(25)) as char
}

/// Row number for `y` on a board `height` rows tall (1 is the bottom row).
pub fn row_number(y: usize, height: usize) -> usize {
    height - y
}

/// "H8"-style label of a cell.
pub fn label(pos: Pos, height: usize) -> String {
    format!("{}{}", column_letter(pos.x), row_number(pos.y, height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_of_15x15_is_h8() {
        assert_eq!(label(Pos::new(7, 7), 15), "H8");
        assert_eq!(label(Pos::new(0, 14), 15), "A1");
        assert_eq!(label(Pos::new(21, 0), 22), "V22");
    }
}
