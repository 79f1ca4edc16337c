//! Helpers shared by the crate's unit tests.

use std::io::{self, Read};

/// A reader that hands out at most `step` bytes per `read`, to push tokens
/// and lines across every possible buffer boundary.
pub(crate) struct Trickle<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}
