//! The hash of the match finder's dictionary: Chromium zlib's `insert_string`
//! (`contrib/optimizations/insert_string.h` at e00f703, the "ANZAC++ hasher") over
//! `hash_bits` 15.
//!
//! It multiplies the four bytes at the position (read little-endian, as its `zmemcpy` into a
//! `uint32_t` on x86 and arm) and keeps bits 16 to 30. It is plain C with no CPU-specific
//! path: Node writes the same bytes on every CPU. Chromium's older hash (2019 to 2023,
//! `insert_string_simd`) was the CRC32C of the three bytes where the CPU had SSE4.2 and PCLMUL
//! (x86) or CRC32 (arm), and zlib's Rabin-Karp rolling hash elsewhere; a build with
//! `CHROMIUM_ZLIB_NO_CASTAGNOLI` still takes Rabin-Karp, but Node's `zlib.gyp` does not set it.

/// `hash_bits`: `memLevel + 7` with the default memLevel 8 (Chromium would raise it to 15 if it
/// were lower).
const HASH_BITS: u32 = 15;
/// `hash_size`: entries of `head`.
pub(crate) const HASH_SIZE: usize = 1 << HASH_BITS;
/// `hash_mask`.
const HASH_MASK: u32 = (HASH_SIZE - 1) as u32;
/// The multiplier and addend of the hash.
const ANZAC: u32 = 66521;

/// The hash chain of the string starting at `bytes[0]` (four bytes; the fourth may lie past the
/// data, where the window holds a stale or zeroed byte, as in zlib).
#[inline]
pub(crate) fn hash(bytes: [u8; 4]) -> usize {
    let value = u32::from_le_bytes(bytes);
    ((value.wrapping_mul(ANZAC).wrapping_add(ANZAC) >> 16) & HASH_MASK) as usize
}
