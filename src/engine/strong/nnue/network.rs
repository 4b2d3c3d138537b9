//! The network's weights and its value head.
//!
//! Every board cell is worth `clamp(row(k0) + row(k1) + row(k2) + row(k3), 0, 1)`
//! (channel by channel) to each colour, with `k0..k3` its four net keys as that colour
//! reads them; a colour's feature is the sum of that over the board. The side to move's
//! and the opponent's features, a thirty-second each, go through one hidden layer
//! (clamped to 0..1) to one number, the logit of the side to move's winning chance;
//! times [`Network::scale`] it is the evaluation in the search's units.
//!
//! The rows are integers (a unit is 1/[`QA`]) so that make and unmake move the sums
//! exactly; the head is small enough to run in floating point.
//!
//! File layout (little-endian): the magic `GMKNET01`, `u32` channels (must be
//! [`CHANNELS`]), `u32` hidden width, `u32` rows (must match [`RowMap`]), `f32` scale,
//! then the rows (`i16`, row by row; row 0 all zero), the hidden weights (`f32`,
//! hidden x 2*channels, the side to move's channels first), the hidden biases, the
//! output weights and the output bias.

use super::keys::{swap_colours, RowMap, KEYS};
use thiserror::Error;

/// Feature channels per cell and colour.
pub const CHANNELS: usize = 16;
/// A row unit: a cell's clamped sum runs from 0 to `QA`. Small enough that a colour's
/// total over the largest board (22 x 22 cells) fits in an `i16`.
pub const QA: i16 = 64;
/// The sum of a colour's cells is divided by this before the head (a few dozen cells
/// carry most of it; the head sees numbers of order one).
pub const POOL_DIVISOR: f32 = 32.0;
const MAGIC: &[u8; 8] = b"GMKNET01";
/// Width of the hidden layer (fixed, so the head's loops have a known length).
pub const HIDDEN: usize = 32;

/// One table row: a line's contribution to each channel.
pub type Row = [i16; CHANNELS];

/// A line as both colours read it: Black's row, then White's (the key with the stone
/// codes swapped). One lookup serves both colours' sums.
pub type Pair = [i16; 2 * CHANNELS];

/// Why a weights file was refused.
#[derive(Debug, Error, PartialEq)]
pub enum NetError {
    #[error("not a network file (bad magic)")]
    Magic,
    #[error("the file ends early: {0} bytes short")]
    Truncated(usize),
    #[error("{0} bytes after the network")]
    Trailing(usize),
    #[error("the network has {found} channels; this build reads {expected}")]
    Channels { found: usize, expected: usize },
    #[error("the network has {found} rows; this build's keys make {expected}")]
    Rows { found: usize, expected: usize },
    #[error("the network's hidden layer has width {0}; this build reads {HIDDEN}")]
    Hidden(usize),
    #[error("a weight or the scale is not a finite number")]
    NotFinite,
    #[error("row 0 (keys that cannot occur) must be zero")]
    RowZero,
}

/// A loaded network: the table expanded to one pair of rows per net key (mirror images
/// repeat a row) so a lookup is one load, and the head.
pub struct Network {
    table: Box<[Pair]>,
    /// Hidden weights by input (the file's order transposed, so the hidden sums grow a
    /// vector at a time).
    w1: Box<[[f32; HIDDEN]; 2 * CHANNELS]>,
    b1: [f32; HIDDEN],
    w2: [f32; HIDDEN],
    b2: f32,
    scale: f32,
}

impl Network {
    /// Reads a network from its file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let mut r = Reader { bytes, at: 0 };
        let (rows, scale) = read_header(&mut r)?;
        let mut compact = vec![[0i16; CHANNELS]; rows];
        for row in compact.iter_mut() {
            for v in row.iter_mut() {
                *v = r.i16()?;
            }
        }
        if compact[0] != [0; CHANNELS] {
            return Err(NetError::RowZero);
        }
        let w1 = r.f32s(HIDDEN * 2 * CHANNELS)?;
        let b1 = r.f32s(HIDDEN)?;
        let w2 = r.f32s(HIDDEN)?;
        let b2 = r.f32()?;
        if r.at != bytes.len() {
            return Err(NetError::Trailing(bytes.len() - r.at));
        }
        let finite = |v: &[f32]| v.iter().all(|x| x.is_finite());
        if !(finite(&w1) && finite(&b1) && finite(&w2) && b2.is_finite() && scale.is_finite()) {
            return Err(NetError::NotFinite);
        }
        let inputs = 2 * CHANNELS;
        let w1 = Box::new(std::array::from_fn(|i| {
            std::array::from_fn(|h| w1[h * inputs + i])
        }));
        let (b1, w2) = (to_array(&b1), to_array(&w2));
        Ok(Network {
            table: expand(&compact),
            w1,
            b1,
            w2,
            b2,
            scale,
        })
    }

    /// The rows of a net key (Black's reading) for Black and for White.
    #[inline]
    pub fn pair(&self, key: u32) -> &Pair {
        &self.table[key as usize]
    }

    /// The row of a net key as the colour reading it sees it.
    pub fn row(&self, key: u32) -> Row {
        std::array::from_fn(|i| self.table[key as usize][i])
    }

    /// Evaluation units per unit of logit.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The logit of the side to move's winning chance from both colours' pooled sums.
    pub fn logit(&self, mine: &[i16; CHANNELS], theirs: &[i16; CHANNELS]) -> f32 {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU was just found to have AVX2, all `logit_avx2` asks for.
            return unsafe { self.logit_avx2(mine, theirs) };
        }
        self.logit_portable(mine, theirs)
    }

    /// [`Network::logit`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn logit_avx2(&self, mine: &[i16; CHANNELS], theirs: &[i16; CHANNELS]) -> f32 {
        self.logit_portable(mine, theirs)
    }

    #[inline(always)]
    fn logit_portable(&self, mine: &[i16; CHANNELS], theirs: &[i16; CHANNELS]) -> f32 {
        let k = 1.0 / (QA as f32 * POOL_DIVISOR);
        let mut hidden = self.b1;
        for i in 0..2 * CHANNELS {
            let v = if i < CHANNELS {
                mine[i]
            } else {
                theirs[i - CHANNELS]
            };
            let x = v as f32 * k;
            let w = &self.w1[i];
            for h in 0..HIDDEN {
                hidden[h] += x * w[h];
            }
        }
        let mut out = [0f32; 8];
        for h in 0..HIDDEN {
            out[h % 8] += hidden[h].clamp(0.0, 1.0) * self.w2[h];
        }
        self.b2 + out.iter().sum::<f32>()
    }
}

/// The first [`HIDDEN`] values of `v` (the reader checked its length).
fn to_array(v: &[f32]) -> [f32; HIDDEN] {
    std::array::from_fn(|i| v[i])
}

/// Reads little-endian values off a byte slice, failing at its end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetError> {
        let end = self.at + n;
        if end > self.bytes.len() {
            return Err(NetError::Truncated(end - self.bytes.len()));
        }
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, NetError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn f32(&mut self) -> Result<f32, NetError> {
        Ok(f32::from_bits(self.u32()?))
    }
    fn i16(&mut self) -> Result<i16, NetError> {
        let b = self.take(2)?;
        Ok(i16::from_le_bytes([b[0], b[1]]))
    }
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, NetError> {
        (0..n).map(|_| self.f32()).collect()
    }
}

/// The magic and sizes, checked against this build: the row count and the scale.
fn read_header(r: &mut Reader) -> Result<(usize, f32), NetError> {
    if r.take(8)? != MAGIC {
        return Err(NetError::Magic);
    }
    let channels = r.u32()? as usize;
    if channels != CHANNELS {
        return Err(NetError::Channels {
            found: channels,
            expected: CHANNELS,
        });
    }
    let hidden = r.u32()? as usize;
    if hidden != HIDDEN {
        return Err(NetError::Hidden(hidden));
    }
    let expected = RowMap::get().count();
    let rows = r.u32()? as usize;
    if rows != expected {
        return Err(NetError::Rows {
            found: rows,
            expected,
        });
    }
    Ok((rows, r.f32()?))
}

/// One pair of rows per net key: Black's reading of the key, then White's.
fn expand(compact: &[Row]) -> Box<[Pair]> {
    let map = RowMap::get();
    (0..KEYS as u32)
        .map(|k| {
            let (black, white) = (compact[map.row(k)], compact[map.row(swap_colours(k))]);
            std::array::from_fn(|i| {
                if i < CHANNELS {
                    black[i]
                } else {
                    white[i - CHANNELS]
                }
            })
        })
        .collect()
}

/// Writes a network file (the trainer's export; tests build small ones with it).
pub fn to_bytes(rows: &[Row], scale: f32, w1: &[f32], b1: &[f32], w2: &[f32], b2: f32) -> Vec<u8> {
    let mut out = Vec::with_capacity(24 + rows.len() * CHANNELS * 2 + w1.len() * 4);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(CHANNELS as u32).to_le_bytes());
    out.extend_from_slice(&(b1.len() as u32).to_le_bytes());
    out.extend_from_slice(&(rows.len() as u32).to_le_bytes());
    out.extend_from_slice(&scale.to_le_bytes());
    for row in rows {
        for v in row {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    for v in w1.iter().chain(b1).chain(w2) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&b2.to_le_bytes());
    out
}
