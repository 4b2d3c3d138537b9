//! Reading protocol lines as bytes with a length cap, so neither invalid UTF-8 nor a
//! line of gigabytes without a newline can hurt the brain.

use std::io::{self, BufRead};

/// Longest line kept; the rest of a longer line is read and dropped (the spec lets a
/// manager "silently cut very long lines", and we do the same).
pub const MAX_LINE: usize = 16 * 1024;

/// Reads one line (without its `\n`) into `buf`, keeping at most `MAX_LINE` bytes.
/// Returns `Ok(false)` at the end of input with nothing read.
pub fn read_line_capped<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<bool> {
    buf.clear();
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any);
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        input.consume(used);
        if done {
            return Ok(true);
        }
    }
}

/// One line as text: invalid UTF-8 becomes U+FFFD, never an error.
pub fn to_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn lines_are_split_capped_and_lossy() {
        let mut data = b"START 15\r\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', MAX_LINE * 3));
        data.extend(b"\n\xff\xfeEND");
        let mut input = Cursor::new(data);
        let mut buf = Vec::new();
        assert!(read_line_capped(&mut input, &mut buf).unwrap());
        assert_eq!(buf, b"START 15\r");
        assert!(read_line_capped(&mut input, &mut buf).unwrap());
        assert_eq!(buf.len(), MAX_LINE);
        assert!(read_line_capped(&mut input, &mut buf).unwrap());
        assert_eq!(to_text(&buf), "\u{fffd}\u{fffd}END");
        assert!(!read_line_capped(&mut input, &mut buf).unwrap());
    }
}
