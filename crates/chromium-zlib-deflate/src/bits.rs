//! The bit stream of the blocks: zlib's `send_bits`, `bi_windup` and `put_byte` (trees.c,
//! deflate.h). zlib keeps 16 bits (64 in Chromium's `DEFLATE_CHUNK_WRITE_64LE` build) and copies
//! them to `pending_buf`, then to the caller's buffer; here the bits go to one `Vec`, 64 at a
//! time. Bits are written least significant first, so the bytes are the same whatever the width
//! of the buffer.

/// Writes bits, least significant first, to the end of a byte vector.
pub(crate) struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    /// Bits not yet written, in the low `count` bits.
    buf: u64,
    count: u32,
}

impl<'a> BitWriter<'a> {
    /// A writer appending to `out`.
    pub(crate) fn new(out: &'a mut Vec<u8>) -> Self {
        Self {
            out,
            buf: 0,
            count: 0,
        }
    }

    /// `send_bits`: the `len` low bits of `value` (`len` at most 16).
    #[inline]
    pub(crate) fn send_bits(&mut self, value: u32, len: u32) {
        debug_assert!(len <= 16 && u64::from(value) < (1u64 << len));
        self.buf |= u64::from(value) << self.count;
        self.count += len;
        if self.count >= 48 {
            self.out.extend_from_slice(&self.buf.to_le_bytes()[..6]);
            self.buf >>= 48;
            self.count -= 48;
        }
    }

    /// `bi_windup`: pads with zero bits to a byte boundary and writes what is held.
    pub(crate) fn windup(&mut self) {
        let bytes = self.count.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.buf.to_le_bytes()[..bytes]);
        self.buf = 0;
        self.count = 0;
    }

    /// `put_byte` of each byte, at a byte boundary (after `windup`).
    pub(crate) fn put_bytes(&mut self, bytes: &[u8]) {
        debug_assert_eq!(self.count, 0);
        self.out.extend_from_slice(bytes);
    }
}
