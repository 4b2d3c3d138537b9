//! Bytes on the socket: lines read with a length cap, messages written one a line, and
//! the rate a peer may send at. What a line means is [`super::message`]'s business.

use super::message::{Message, MAX_LINE};
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// Why no line was read.
#[derive(Debug)]
pub enum LineError {
    /// More than [`MAX_LINE`] bytes without a newline.
    TooLong,
    Io(io::Error),
}

/// Reads one line (without `\n`, and without a `\r` before it) into `buf`. `Ok(false)`
/// at the end of the stream. A line over [`MAX_LINE`] bytes is an error: the peer is
/// not speaking this protocol, and nothing more of it is read.
pub fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> Result<bool, LineError> {
    buf.clear();
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(LineError::Io(e)),
        };
        if chunk.is_empty() {
            return Ok(!buf.is_empty());
        }
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if buf.len() + part.len() > MAX_LINE {
            return Err(LineError::TooLong);
        }
        buf.extend_from_slice(part);
        input.consume(used);
        if done {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(true);
        }
    }
}

/// Writes one message and its newline.
pub fn write_message<W: Write>(out: &mut W, message: &Message) -> io::Result<()> {
    let mut line = message.encode();
    line.push('\n');
    out.write_all(line.as_bytes())?;
    out.flush()
}

/// A token bucket: `burst` messages at once, `per_second` on average.
#[derive(Clone, Debug)]
pub struct RateLimit {
    burst: f64,
    per_second: f64,
    tokens: f64,
    last: Duration,
}

impl RateLimit {
    pub fn new(per_second: u32, burst: u32) -> RateLimit {
        RateLimit {
            burst: f64::from(burst),
            per_second: f64::from(per_second),
            tokens: f64::from(burst),
            last: Duration::ZERO,
        }
    }

    /// True if one more message at `now` is within the rate.
    pub fn allow(&mut self, now: Duration) -> bool {
        let gained = now.saturating_sub(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + gained).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn lines_are_split_and_an_endless_one_is_refused() {
        let mut input = Cursor::new(b"{\"type\":\"ping\"}\r\nlast".to_vec());
        let mut buf = Vec::new();
        assert!(read_line(&mut input, &mut buf).unwrap());
        assert_eq!(buf, br#"{"type":"ping"}"#);
        assert!(read_line(&mut input, &mut buf).unwrap());
        assert_eq!(buf, b"last");
        assert!(!read_line(&mut input, &mut buf).unwrap());
        let mut endless = Cursor::new(vec![b'x'; MAX_LINE + 10]);
        assert!(matches!(
            read_line(&mut endless, &mut buf),
            Err(LineError::TooLong)
        ));
    }

    #[test]
    fn the_rate_allows_a_burst_then_the_average() {
        let mut r = RateLimit::new(10, 3);
        let t = Duration::from_secs(1);
        assert!((0..3).all(|_| r.allow(t)));
        assert!(!r.allow(t), "the burst is spent");
        assert!(
            r.allow(t + Duration::from_millis(100)),
            "one more after 0.1 s"
        );
        assert!(!r.allow(t + Duration::from_millis(100)));
    }
}
