//! A leaf below the drivers: the streaming read buffer every reader of the
//! judge is built on (the validator's, the checker's token and line readers).
//! It shows the bytes ahead of a position, reading more only when asked for
//! more than it holds, in memory bounded by one buffer whatever the input's
//! length.

use std::io::{self, Read};

/// The largest read buffer of [`Window`] (1 MiB).
const BUF: usize = 1 << 20;
/// Its first size: small inputs never pay for 1 MiB.
const FIRST_BUF: usize = 1 << 13;

/// A streaming read buffer with a window: [`Window::ahead`] shows at least the
/// bytes asked for from the current position on (unless the input ends first),
/// moving what is left to the front of the buffer and reading more when needed.
/// Memory is one buffer of at most [`BUF`] bytes, whatever the input's length.
pub(crate) struct Window<R> {
    inner: R,
    buf: Vec<u8>,
    start: usize,
    len: usize,
    /// Absolute offset of `buf[0]`.
    base: u64,
    eof: bool,
}

impl<R: Read> Window<R> {
    pub(crate) fn new(inner: R) -> Self {
        Window {
            inner,
            buf: vec![0; FIRST_BUF],
            start: 0,
            len: 0,
            base: 0,
            eof: false,
        }
    }

    /// The bytes from the position on, at least `need` of them unless the input
    /// ends first (the buffer grows to `need` if it is smaller).
    #[inline(always)]
    pub(crate) fn ahead(&mut self, need: usize) -> io::Result<&[u8]> {
        if self.len - self.start < need && !self.eof {
            self.fill(need)?;
        }
        Ok(&self.buf[self.start..self.len])
    }

    #[cold]
    fn fill(&mut self, need: usize) -> io::Result<()> {
        self.buf.copy_within(self.start..self.len, 0);
        self.base += self.start as u64;
        self.len -= self.start;
        self.start = 0;
        if need > self.buf.len() {
            // A long answer line compared at once (the checker): room for it.
            self.buf.resize(need.next_power_of_two(), 0);
        }
        while self.len < need && !self.eof {
            match self.inner.read(&mut self.buf[self.len..]) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.len += n;
                    if self.len == self.buf.len() && self.buf.len() < BUF {
                        // A large input: read bigger chunks from now on.
                        self.buf.resize(2 * self.buf.len(), 0);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// The byte at the position, `None` at the end of the input.
    #[inline(always)]
    pub(crate) fn peek(&mut self) -> io::Result<Option<u8>> {
        Ok(self.ahead(1)?.first().copied())
    }

    /// Moves the position `n` bytes on (at most as many as [`Window::ahead`] showed).
    #[inline(always)]
    pub(crate) fn advance(&mut self, n: usize) {
        self.start += n;
    }

    /// The absolute position.
    #[inline(always)]
    pub(crate) fn pos(&self) -> u64 {
        self.base + self.start as u64
    }

    /// The buffer's size: the memory the window holds.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.buf.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Trickle;

    /// Everything a window shows when read `need` bytes at a time (advancing
    /// past all it shows), and the largest buffer it held.
    fn read_all<R: Read>(mut w: Window<R>, need: usize, total: usize) -> (Vec<u8>, usize) {
        let mut got = Vec::new();
        let mut largest = 0;
        loop {
            let s = w.ahead(need).unwrap();
            if s.is_empty() {
                return (got, largest);
            }
            let left = total - got.len();
            assert!(
                s.len() >= need.min(left),
                "{} of {left} left, {need} asked for",
                s.len()
            );
            got.extend_from_slice(s);
            let n = s.len();
            w.advance(n);
            largest = largest.max(w.capacity());
        }
    }

    #[test]
    fn a_window_shows_every_byte_once_whatever_it_is_asked_for() {
        let data: Vec<u8> = (0..3_000_017u32).map(|i| (i * 7 % 251) as u8).collect();
        // Asked for one byte, for the whole buffer (1 MiB), and for more than
        // the buffer holds (a line longer than 1 MiB); read in steps that do
        // and do not divide the sizes.
        for need in [1, 100, BUF - 1, BUF, BUF + 1, 2 * BUF] {
            for step in [4096, 65_537, 1 << 20] {
                let (got, largest) =
                    read_all(Window::new(Trickle { data: &data, step }), need, data.len());
                assert!(got == data, "need {need} step {step}: {} bytes", got.len());
                // one buffer: 1 MiB, or the power of two above a larger need
                assert!(largest <= BUF.max(need.next_power_of_two()), "{largest}");
            }
        }
    }

    #[test]
    fn a_small_input_never_pays_for_a_large_buffer() {
        // Read in pieces of 7 bytes: the first buffer (8 KiB) holds it all.
        let data = [b"12 34\n".repeat(500), b"5".to_vec()].concat();
        for need in [1, 64, 3001] {
            let w = Window::new(Trickle {
                data: &data,
                step: 7,
            });
            let (got, largest) = read_all(w, need, data.len());
            assert!(got == data);
            assert_eq!(largest, FIRST_BUF, "need {need}");
        }
    }

    /// A reader that fails once (with `kind`) before its data.
    struct FailsOnce<'a> {
        kind: Option<io::ErrorKind>,
        data: &'a [u8],
    }

    impl Read for FailsOnce<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if let Some(kind) = self.kind.take() {
                return Err(io::Error::new(kind, "once"));
            }
            let n = buf.len().min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn an_interrupted_read_is_retried_and_any_other_error_returned() {
        let data = b"5 7\n";
        let mut w = Window::new(FailsOnce {
            kind: Some(io::ErrorKind::Interrupted),
            data,
        });
        assert_eq!(w.ahead(4).unwrap(), data);
        let mut w = Window::new(FailsOnce {
            kind: Some(io::ErrorKind::Other),
            data,
        });
        assert_eq!(w.ahead(4).unwrap_err().kind(), io::ErrorKind::Other);
    }
}
