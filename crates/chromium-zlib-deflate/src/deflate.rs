//! The match finder: zlib's `deflate.c` as Chromium's zlib has it, for one `deflate(Z_FINISH)`
//! call over the whole input at level 6: `lm_init`, `fill_window` (with `read_buf` and the
//! `high_water` zeroing), `slide_hash`, `insert_string` (Chromium's hash), `longest_match` and
//! `deflate_slow` (lazy matching), with `FLUSH_BLOCK`.
//!
//! Where zlib's code has branches for other levels, strategies, flush modes or a short output
//! buffer, only the branch this call takes is kept. Everything that decides which matches are
//! found is as zlib has it: the window is slid at the same points, keeps the same stale and
//! zeroed bytes past the data (`longest_match` reads past the lookahead, and may pick a match by
//! them), and the hash chains hold the same positions in the same order.

use crate::bits::BitWriter;
use crate::hash;
use crate::trees::{MAX_MATCH, MIN_MATCH, Trees};

/// `w_bits`: windowBits 15.
const W_BITS: u32 = 15;
/// `w_size`: the window, 32 KiB.
pub(crate) const W_SIZE: usize = 1 << W_BITS;
/// `w_mask`.
const W_MASK: usize = W_SIZE - 1;
/// `window_size`: the sliding window is read into a buffer twice its size.
pub(crate) const WINDOW_SIZE: usize = 2 * W_SIZE;
/// Chromium's `window_padding`: `deflateInit2_` allocates `2 * (w_size + 8)` bytes and zeroes
/// them. The hash reads four bytes, one past `window_size` at most.
pub(crate) const WINDOW_ALLOC: usize = 2 * (W_SIZE + 8);
/// The window as allocated here: Chromium's `WINDOW_ALLOC` rounded up to a power of two, so that
/// `longest_match` can mask its indexes instead of checking their bounds (the bytes past
/// `WINDOW_ALLOC` stay zero and are never read).
const WINDOW_VIEW: usize = WINDOW_ALLOC.next_power_of_two();
/// `WINDOW_VIEW - 1`.
const VIEW_MASK: usize = WINDOW_VIEW - 1;
/// `MIN_LOOKAHEAD`.
const MIN_LOOKAHEAD: usize = MAX_MATCH + MIN_MATCH + 1;
/// `MAX_DIST(s)`: the farthest match.
const MAX_DIST: usize = W_SIZE - MIN_LOOKAHEAD;
/// `WIN_INIT`: bytes past the data zeroed once, as `longest_match` may read them.
const WIN_INIT: usize = MAX_MATCH;
/// `TOO_FAR`: matches of length 3 farther than this are dropped.
const TOO_FAR: usize = 4096;
/// `memLevel` 8: `lit_bufsize`, the symbols a block holds (one fewer, `sym_end`).
pub(crate) const LIT_BUFSIZE: usize = 1 << (8 + 6);

/// `config`: one row of zlib's `configuration_table`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    /// `good_length`: above this previous match length, search a quarter of the chain.
    pub(crate) good_length: usize,
    /// `max_lazy`: no lazy search above this match length.
    pub(crate) max_lazy: usize,
    /// `nice_length`: stop searching at this match length.
    pub(crate) nice_length: usize,
    /// `max_chain`: how many chain links to follow.
    pub(crate) max_chain: usize,
}

/// Level 6 (`Z_DEFAULT_COMPRESSION`): `{8, 16, 128, 128, deflate_slow}`.
pub(crate) const LEVEL_6: Config = Config {
    good_length: 8,
    max_lazy: 16,
    nice_length: 128,
    max_chain: 128,
};

/// The buffers of a compressor, kept between streams: `window`, `prev`, `head` and the trees.
/// `prev` and `head` are arrays indexed by masked values, so their bounds need no check. All
/// are on the heap: a compressor is a few pointers, small enough for a thread-local of a
/// library that is loaded at run time (a Node addon), whose static TLS room is small.
pub(crate) struct Buffers {
    pub(crate) window: Vec<u8>,
    pub(crate) prev: Box<[u16; W_SIZE]>,
    pub(crate) head: Box<[u16; hash::HASH_SIZE]>,
    pub(crate) trees: Box<Trees>,
}

impl Buffers {
    /// `deflateInit2_`'s allocations, zeroed as Chromium zeroes them (the window rounded up to
    /// [`WINDOW_VIEW`]).
    pub(crate) fn new() -> Self {
        Self {
            window: vec![0; WINDOW_VIEW],
            prev: Box::new([0; W_SIZE]),
            head: Box::new([0; hash::HASH_SIZE]),
            trees: Box::new(Trees::new(LIT_BUFSIZE)),
        }
    }
}

/// The match finder's state over one stream (`deflate_state`'s deflate.c part).
struct Lz<'a> {
    window: &'a mut [u8],
    prev: &'a mut [u16; W_SIZE],
    head: &'a mut [u16; hash::HASH_SIZE],
    trees: &'a mut Trees,
    /// The input and `next_in`'s offset in it.
    input: &'a [u8],
    next_in: usize,
    config: Config,
    strstart: usize,
    /// `block_start`: negative once the window slid past the block's start.
    block_start: isize,
    lookahead: usize,
    match_length: usize,
    prev_length: usize,
    /// `match_start` and `prev_match` are `IPos` (unsigned): sliding can take `match_start`
    /// below zero, and the distance is then computed modulo 2^32 as zlib does.
    match_start: u32,
    prev_match: u32,
    match_available: bool,
    high_water: usize,
}

/// Compresses `input` into `out` as one zlib stream's deflate data (no header, no trailer), as
/// `deflate(strm, Z_FINISH)` does with all the input and room for all the output.
pub(crate) fn deflate_slow(
    buffers: &mut Buffers,
    input: &[u8],
    config: Config,
    out: &mut BitWriter<'_>,
) {
    // deflateReset -> lm_init: CLEAR_HASH, and a window whose bytes past the data are zeroed
    // again before they are read (high_water = 0).
    buffers.head.fill(0);
    buffers.trees.reset();
    let mut s = Lz {
        window: &mut buffers.window,
        prev: &mut buffers.prev,
        head: &mut buffers.head,
        trees: &mut buffers.trees,
        input,
        next_in: 0,
        config,
        strstart: 0,
        block_start: 0,
        lookahead: 0,
        match_length: MIN_MATCH - 1,
        prev_length: MIN_MATCH - 1,
        match_start: 0,
        prev_match: 0,
        match_available: false,
        high_water: 0,
    };
    s.run(out);
}

impl Lz<'_> {
    /// `deflate_slow` with `flush == Z_FINISH`.
    fn run(&mut self, out: &mut BitWriter<'_>) {
        loop {
            // Keep MAX_MATCH bytes for the next match and MIN_MATCH to insert the string after
            // it, except at the end of the input.
            if self.lookahead < MIN_LOOKAHEAD {
                self.fill_window();
                if self.lookahead == 0 {
                    break;
                }
            }

            // Insert window[strstart .. strstart + 2] in the dictionary.
            let mut hash_head = 0;
            if self.lookahead >= MIN_MATCH {
                hash_head = self.insert_string(self.strstart);
            }

            // Find the longest match, discarding those <= prev_length.
            self.prev_length = self.match_length;
            self.prev_match = self.match_start;
            self.match_length = MIN_MATCH - 1;

            if hash_head != 0
                && self.prev_length < self.config.max_lazy
                && self.strstart - hash_head <= MAX_DIST
            {
                self.match_length = self.longest_match(hash_head);
                // Z_DEFAULT_STRATEGY: only a 3-byte match too far away is dropped.
                if self.match_length == MIN_MATCH
                    && (self.strstart as u32).wrapping_sub(self.match_start) as usize > TOO_FAR
                {
                    self.match_length = MIN_MATCH - 1;
                }
            }

            if self.prev_length >= MIN_MATCH && self.match_length <= self.prev_length {
                // The previous match is at least as long: emit it.
                let max_insert = self.strstart + self.lookahead - MIN_MATCH;
                let dist = (self.strstart as u32)
                    .wrapping_sub(1)
                    .wrapping_sub(self.prev_match) as usize;
                let bflush = self.trees.tally_dist(dist, self.prev_length - MIN_MATCH);
                // Insert the strings up to the end of the match (strstart - 1 and strstart are
                // in already); the last two are not when the lookahead is short.
                self.lookahead -= self.prev_length - 1;
                self.prev_length -= 2;
                loop {
                    self.strstart += 1;
                    if self.strstart <= max_insert {
                        self.insert_string(self.strstart);
                    }
                    self.prev_length -= 1;
                    if self.prev_length == 0 {
                        break;
                    }
                }
                self.match_available = false;
                self.match_length = MIN_MATCH - 1;
                self.strstart += 1;
                if bflush {
                    self.flush_block(out, false);
                }
            } else if self.match_available {
                // No better match here: the previous byte goes as a literal.
                let bflush = self.trees.tally_lit(self.window[self.strstart - 1]);
                if bflush {
                    self.flush_block(out, false);
                }
                self.strstart += 1;
                self.lookahead -= 1;
            } else {
                // Nothing to compare with yet: decide at the next byte.
                self.match_available = true;
                self.strstart += 1;
                self.lookahead -= 1;
            }
        }
        if self.match_available {
            self.trees.tally_lit(self.window[self.strstart - 1]);
            self.match_available = false;
        }
        self.flush_block(out, true);
    }

    /// `FLUSH_BLOCK_ONLY`: the block from `block_start` to `strstart`, stored from the window
    /// when it is all still there.
    fn flush_block(&mut self, out: &mut BitWriter<'_>, last: bool) {
        let stored = usize::try_from(self.block_start)
            .ok()
            .map(|start| &self.window[start..self.strstart]);
        self.trees.flush_block(out, stored, last);
        self.block_start = self.strstart as isize;
    }

    /// `insert_string`: puts `pos` at the head of its hash chain; returns the previous head.
    #[inline]
    fn insert_string(&mut self, pos: usize) -> usize {
        let w = &self.window;
        let h = hash::hash([w[pos], w[pos + 1], w[pos + 2], w[pos + 3]]);
        let ret = self.head[h];
        self.prev[pos & W_MASK] = ret;
        self.head[h] = pos as u16;
        ret as usize
    }

    /// `slide_hash`: rebases the chains after the window slid down by `w_size`.
    fn slide_hash(&mut self) {
        for p in self.head.iter_mut().chain(self.prev.iter_mut()) {
            *p = p.saturating_sub(W_SIZE as u16);
        }
    }

    /// `fill_window` (and `read_buf`): slides the window when `strstart` nears its end, then
    /// reads as much input as fits. zlib's re-insertion of `s->insert` strings never runs here:
    /// `insert` is only set when a stream ends (or by `deflateSetDictionary`).
    fn fill_window(&mut self) {
        loop {
            let mut more = WINDOW_SIZE - self.lookahead - self.strstart;
            if self.strstart >= W_SIZE + MAX_DIST {
                self.window.copy_within(W_SIZE..W_SIZE + W_SIZE - more, 0);
                self.match_start = self.match_start.wrapping_sub(W_SIZE as u32);
                self.strstart -= W_SIZE;
                self.block_start -= W_SIZE as isize;
                self.slide_hash();
                more += W_SIZE;
            }
            let avail_in = self.input.len() - self.next_in;
            if avail_in == 0 {
                break;
            }
            let n = avail_in.min(more);
            let at = self.strstart + self.lookahead;
            self.window[at..at + n].copy_from_slice(&self.input[self.next_in..self.next_in + n]);
            self.next_in += n;
            self.lookahead += n;
            if self.lookahead >= MIN_LOOKAHEAD || self.next_in == self.input.len() {
                break;
            }
        }
        // Zero WIN_INIT bytes past the data the first time they could be read.
        if self.high_water < WINDOW_SIZE {
            let curr = self.strstart + self.lookahead;
            if self.high_water < curr {
                let init = (WINDOW_SIZE - curr).min(WIN_INIT);
                self.window[curr..curr + init].fill(0);
                self.high_water = curr + init;
            } else if self.high_water < curr + WIN_INIT {
                let init = (curr + WIN_INIT - self.high_water).min(WINDOW_SIZE - self.high_water);
                self.window[self.high_water..self.high_water + init].fill(0);
                self.high_water += init;
            }
        }
    }

    /// `longest_match`: the longest match for `strstart` along the hash chain from `cur_match`,
    /// longer than `prev_length`; sets `match_start`. As zlib, it skips a candidate unless
    /// bytes 0, 1, `best_len - 1` and `best_len` match, counts the match from byte 3 (byte 2 is
    /// not compared there: with bytes 0, 1 and 3 equal, the hash makes it equal), compares up to
    /// 258 bytes even past the lookahead, and clips the result to it.
    fn longest_match(&mut self, mut cur_match: usize) -> usize {
        let config = self.config;
        let mut chain_length = config.max_chain;
        let scan = self.strstart;
        let mut best_len = self.prev_length;
        let limit = scan.saturating_sub(MAX_DIST);
        if self.prev_length >= config.good_length {
            chain_length >>= 2;
        }
        let nice_match = config.nice_length.min(self.lookahead);
        // Every index read here is below `WINDOW_SIZE` (`strstart + MAX_MATCH` is, and every
        // candidate is before `strstart`); masked into a power-of-two view, none needs a
        // bounds check.
        let w: &[u8; WINDOW_VIEW] = self.window[..WINDOW_VIEW]
            .try_into()
            .unwrap_or_else(|_| unreachable!("the window holds WINDOW_VIEW bytes"));
        let prev: &[u16; W_SIZE] = self.prev;
        // zlib's UNALIGNED_OK comparisons: bytes best_len - 1 and best_len, then 0 and 1, two at
        // a time (the same four bytes as its byte-wise ones).
        let pair = |i: usize| u16::from_le_bytes([w[i & VIEW_MASK], w[(i + 1) & VIEW_MASK]]);
        let mut scan_end = pair(scan + best_len - 1);
        let scan_start = pair(scan);
        loop {
            let m = cur_match;
            if pair(m + best_len - 1) == scan_end && pair(m) == scan_start {
                let len =
                    3 + common_prefix(&w[scan + 3..scan + MAX_MATCH], &w[m + 3..m + MAX_MATCH]);
                if len > best_len {
                    self.match_start = m as u32;
                    best_len = len;
                    if len >= nice_match {
                        break;
                    }
                    scan_end = pair(scan + best_len - 1);
                }
            }
            cur_match = usize::from(prev[cur_match & W_MASK]);
            if cur_match <= limit {
                break;
            }
            chain_length -= 1;
            if chain_length == 0 {
                break;
            }
        }
        best_len.min(self.lookahead)
    }
}

/// How many leading bytes `a` and `b` (of the same length) share: zlib's byte loop from index 3
/// to 257, eight bytes at a time.
#[inline]
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut i = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let x = u64::from_le_bytes(x.try_into().unwrap_or_default());
        let y = u64::from_le_bytes(y.try_into().unwrap_or_default());
        let diff = x ^ y;
        if diff != 0 {
            return i + (diff.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < a.len() && a[i] == b[i] {
        i += 1;
    }
    i
}
