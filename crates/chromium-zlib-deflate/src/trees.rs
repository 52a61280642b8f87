//! The block writer: zlib's `trees.c` (1.3.1, as Chromium's zlib carries it). Counts the symbols
//! of a block (`_tr_tally`), builds its Huffman trees (`build_tree`, `gen_bitlen`, `gen_codes`),
//! picks a stored, fixed or dynamic block by size (`_tr_flush_block`) and writes it
//! (`compress_block`, `send_all_trees`, `send_tree`, `_tr_stored_block`).
//!
//! The trees keep zlib's node layout: a node's first field is its frequency, then its code; its
//! second field its parent, then its bit length (`ct_data`'s two unions). The order of ties in the
//! heap, the depth tie-breaker and the overflow fix-up of `gen_bitlen` decide the code lengths, so
//! they are ported as they are; any change there changes the bytes.

use crate::bits::BitWriter;

/// `MIN_MATCH`: the shortest match.
pub(crate) const MIN_MATCH: usize = 3;
/// `MAX_MATCH`: the longest match.
pub(crate) const MAX_MATCH: usize = 258;
/// `LENGTH_CODES`: length codes, not counting the end-of-block code.
const LENGTH_CODES: usize = 29;
/// `LITERALS`: literal bytes.
const LITERALS: usize = 256;
/// `L_CODES`: literal or length codes, with the end-of-block code.
const L_CODES: usize = LITERALS + 1 + LENGTH_CODES;
/// `D_CODES`: distance codes.
const D_CODES: usize = 30;
/// `BL_CODES`: codes of the bit lengths.
const BL_CODES: usize = 19;
/// `HEAP_SIZE`: the heap that builds the trees.
const HEAP_SIZE: usize = 2 * L_CODES + 1;
/// `MAX_BITS`: the longest code.
const MAX_BITS: usize = 15;
/// `MAX_BL_BITS`: the longest code of a bit length.
const MAX_BL_BITS: usize = 7;
/// `END_BLOCK`.
const END_BLOCK: usize = 256;
/// `REP_3_6`: repeat the previous bit length 3 to 6 times.
const REP_3_6: usize = 16;
/// `REPZ_3_10`: repeat a zero length 3 to 10 times.
const REPZ_3_10: usize = 17;
/// `REPZ_11_138`: repeat a zero length 11 to 138 times.
const REPZ_11_138: usize = 18;
/// `STORED_BLOCK`, `STATIC_TREES`, `DYN_TREES`: the block types.
const STORED_BLOCK: u32 = 0;
const STATIC_TREES: u32 = 1;
const DYN_TREES: u32 = 2;

/// `extra_lbits`.
const EXTRA_LBITS: [u8; LENGTH_CODES] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// `extra_dbits`.
const EXTRA_DBITS: [u8; D_CODES] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// `extra_blbits`.
const EXTRA_BLBITS: [u8; BL_CODES] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7];
/// `bl_order`: the order the bit-length code lengths are sent in.
const BL_ORDER: [u8; BL_CODES] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// One node: `ct_data`. `fc` is the frequency while a tree is built, then the code; `dl` the
/// parent while it is built, then the bit length.
#[derive(Clone, Copy, Default)]
pub(crate) struct Node {
    fc: u16,
    dl: u16,
}

/// The fixed tables `tr_static_init` builds (trees.h): the fixed trees and the maps from lengths
/// and distances to their codes.
struct Tables {
    static_ltree: [Node; L_CODES + 2],
    static_dtree: [Node; D_CODES],
    dist_code: [u8; 512],
    length_code: [u8; MAX_MATCH - MIN_MATCH + 1],
    base_length: [u8; LENGTH_CODES],
    base_dist: [u16; D_CODES],
}

/// `bi_reverse`: the `len` low bits of `code`, reversed.
const fn bi_reverse(code: u32, len: u32) -> u16 {
    (code.reverse_bits() >> (32 - len)) as u16
}

/// `tr_static_init`, at compile time.
const fn tables() -> Tables {
    let mut t = Tables {
        static_ltree: [Node { fc: 0, dl: 0 }; L_CODES + 2],
        static_dtree: [Node { fc: 0, dl: 0 }; D_CODES],
        dist_code: [0; 512],
        length_code: [0; MAX_MATCH - MIN_MATCH + 1],
        base_length: [0; LENGTH_CODES],
        base_dist: [0; D_CODES],
    };
    // Lengths 3..258 (0..255) to length codes 0..28.
    let mut length = 0;
    let mut code = 0;
    while code < LENGTH_CODES - 1 {
        t.base_length[code] = length as u8;
        let mut n = 0;
        while n < (1 << EXTRA_LBITS[code]) {
            t.length_code[length] = code as u8;
            length += 1;
            n += 1;
        }
        code += 1;
    }
    // Length 258 has two codes (284 + 5 bits, or 285): zlib keeps the shorter one.
    t.length_code[length - 1] = code as u8;
    // Distances 1..32768 (0..32767) to distance codes 0..29.
    let mut dist = 0;
    code = 0;
    while code < 16 {
        t.base_dist[code] = dist as u16;
        let mut n = 0;
        while n < (1 << EXTRA_DBITS[code]) {
            t.dist_code[dist] = code as u8;
            dist += 1;
            n += 1;
        }
        code += 1;
    }
    dist >>= 7;
    while code < D_CODES {
        t.base_dist[code] = (dist << 7) as u16;
        let mut n = 0;
        while n < (1 << (EXTRA_DBITS[code] - 7)) {
            t.dist_code[256 + dist] = code as u8;
            dist += 1;
            n += 1;
        }
        code += 1;
    }
    // The fixed literal/length tree, with codes 286 and 287 to make it canonical.
    let mut bl_count = [0u16; MAX_BITS + 1];
    let mut n = 0;
    while n <= 287 {
        let len = if n <= 143 {
            8
        } else if n <= 255 {
            9
        } else if n <= 279 {
            7
        } else {
            8
        };
        t.static_ltree[n].dl = len;
        bl_count[len as usize] += 1;
        n += 1;
    }
    // gen_codes over it.
    let mut next_code = [0u16; MAX_BITS + 1];
    let mut code = 0u32;
    let mut bits = 1;
    while bits <= MAX_BITS {
        code = (code + bl_count[bits - 1] as u32) << 1;
        next_code[bits] = code as u16;
        bits += 1;
    }
    n = 0;
    while n <= L_CODES + 1 {
        let len = t.static_ltree[n].dl as usize;
        t.static_ltree[n].fc = bi_reverse(next_code[len] as u32, len as u32);
        next_code[len] += 1;
        n += 1;
    }
    // The fixed distance tree: five bits each.
    n = 0;
    while n < D_CODES {
        t.static_dtree[n] = Node {
            fc: bi_reverse(n as u32, 5),
            dl: 5,
        };
        n += 1;
    }
    t
}

static TABLES: Tables = tables();

/// `d_code`: the distance code of `dist` (the distance minus one).
#[inline]
fn d_code(dist: usize) -> usize {
    if dist < 256 {
        TABLES.dist_code[dist] as usize
    } else {
        TABLES.dist_code[256 + (dist >> 7)] as usize
    }
}

/// Which tree a `static_tree_desc` describes.
#[derive(Clone, Copy)]
enum Kind {
    Literals,
    Distances,
    BitLengths,
}

impl Kind {
    /// `static_tree`: the fixed tree, if the kind has one.
    fn static_tree(self) -> Option<&'static [Node]> {
        match self {
            Kind::Literals => Some(&TABLES.static_ltree),
            Kind::Distances => Some(&TABLES.static_dtree),
            Kind::BitLengths => None,
        }
    }
    /// `extra_bits`.
    fn extra_bits(self) -> &'static [u8] {
        match self {
            Kind::Literals => &EXTRA_LBITS,
            Kind::Distances => &EXTRA_DBITS,
            Kind::BitLengths => &EXTRA_BLBITS,
        }
    }
    /// `extra_base`.
    fn extra_base(self) -> usize {
        match self {
            Kind::Literals => LITERALS + 1,
            Kind::Distances | Kind::BitLengths => 0,
        }
    }
    /// `elems`.
    fn elems(self) -> usize {
        match self {
            Kind::Literals => L_CODES,
            Kind::Distances => D_CODES,
            Kind::BitLengths => BL_CODES,
        }
    }
    /// `max_length`.
    fn max_length(self) -> usize {
        match self {
            Kind::Literals | Kind::Distances => MAX_BITS,
            Kind::BitLengths => MAX_BL_BITS,
        }
    }
}

/// The heap and counts the tree builder shares between trees (`deflate_state`'s `heap`,
/// `heap_len`, `heap_max`, `depth`, `bl_count`, `opt_len`, `static_len`).
struct Builder {
    heap: [usize; HEAP_SIZE],
    heap_len: usize,
    heap_max: usize,
    depth: [u8; HEAP_SIZE],
    bl_count: [u16; MAX_BITS + 1],
    opt_len: u64,
    static_len: u64,
}

/// `smaller`: node `n` sorts before node `m` (frequency, then depth).
#[inline]
fn smaller(tree: &[Node], n: usize, m: usize, depth: &[u8; HEAP_SIZE]) -> bool {
    tree[n].fc < tree[m].fc || (tree[n].fc == tree[m].fc && depth[n] <= depth[m])
}

impl Builder {
    /// `pqdownheap`: moves node `k` down until the heap property holds again.
    fn pqdownheap(&mut self, tree: &[Node], mut k: usize) {
        let v = self.heap[k];
        let mut j = k << 1;
        while j <= self.heap_len {
            if j < self.heap_len && smaller(tree, self.heap[j + 1], self.heap[j], &self.depth) {
                j += 1;
            }
            if smaller(tree, v, self.heap[j], &self.depth) {
                break;
            }
            self.heap[k] = self.heap[j];
            k = j;
            j <<= 1;
        }
        self.heap[k] = v;
    }

    /// `build_tree`: the Huffman tree of `tree`'s frequencies; sets every code and bit length,
    /// adds the block's size under these codes to `opt_len` (and under the fixed codes to
    /// `static_len`), and returns `max_code`, the largest code with a non-zero frequency.
    fn build_tree(&mut self, tree: &mut [Node], kind: Kind) -> usize {
        let stree = kind.static_tree();
        let elems = kind.elems();
        let mut max_code: isize = -1;
        self.heap_len = 0;
        self.heap_max = HEAP_SIZE;
        for (n, node) in tree.iter_mut().enumerate().take(elems) {
            if node.fc != 0 {
                self.heap_len += 1;
                self.heap[self.heap_len] = n;
                max_code = n as isize;
                self.depth[n] = 0;
            } else {
                node.dl = 0;
            }
        }
        // The format needs at least one distance code, and at least two codes of non-zero
        // frequency: force them with frequency 1.
        while self.heap_len < 2 {
            let node = if max_code < 2 {
                max_code += 1;
                max_code as usize
            } else {
                0
            };
            self.heap_len += 1;
            self.heap[self.heap_len] = node;
            tree[node].fc = 1;
            self.depth[node] = 0;
            self.opt_len = self.opt_len.wrapping_sub(1);
            if let Some(stree) = stree {
                self.static_len = self.static_len.wrapping_sub(u64::from(stree[node].dl));
            }
        }
        let max_code = max_code as usize;
        for n in (1..=self.heap_len / 2).rev() {
            self.pqdownheap(tree, n);
        }
        // Combine the two least frequent nodes until one is left.
        let mut node = elems;
        loop {
            let n = self.heap[1];
            self.heap[1] = self.heap[self.heap_len];
            self.heap_len -= 1;
            self.pqdownheap(tree, 1);
            let m = self.heap[1];
            self.heap_max -= 1;
            self.heap[self.heap_max] = n;
            self.heap_max -= 1;
            self.heap[self.heap_max] = m;
            tree[node].fc = tree[n].fc.wrapping_add(tree[m].fc);
            self.depth[node] = self.depth[n].max(self.depth[m]) + 1;
            tree[n].dl = node as u16;
            tree[m].dl = node as u16;
            self.heap[1] = node;
            node += 1;
            self.pqdownheap(tree, 1);
            if self.heap_len < 2 {
                break;
            }
        }
        self.heap_max -= 1;
        self.heap[self.heap_max] = self.heap[1];
        self.gen_bitlen(tree, kind, max_code);
        gen_codes(tree, max_code, &self.bl_count);
        max_code
    }

    /// `gen_bitlen`: the bit length of every code from the tree, limited to the kind's
    /// `max_length` by zlib's fix-up; counts `bl_count`, `opt_len` and `static_len`.
    fn gen_bitlen(&mut self, tree: &mut [Node], kind: Kind, max_code: usize) {
        let stree = kind.static_tree();
        let extra = kind.extra_bits();
        let base = kind.extra_base();
        let max_length = kind.max_length();
        self.bl_count = [0; MAX_BITS + 1];
        // The root has length 0; the heap holds the nodes from the root down.
        tree[self.heap[self.heap_max]].dl = 0;
        let mut overflow: i32 = 0;
        let mut h = self.heap_max + 1;
        while h < HEAP_SIZE {
            let n = self.heap[h];
            let mut bits = tree[tree[n].dl as usize].dl as usize + 1;
            if bits > max_length {
                bits = max_length;
                overflow += 1;
            }
            tree[n].dl = bits as u16;
            h += 1;
            if n > max_code {
                continue; // not a leaf
            }
            self.bl_count[bits] += 1;
            let xbits = if n >= base {
                u64::from(extra[n - base])
            } else {
                0
            };
            let f = u64::from(tree[n].fc);
            self.opt_len = self.opt_len.wrapping_add(f * (bits as u64 + xbits));
            if let Some(stree) = stree {
                self.static_len = self
                    .static_len
                    .wrapping_add(f * (u64::from(stree[n].dl) + xbits));
            }
        }
        if overflow == 0 {
            return;
        }
        // Move leaves up from the deepest level until no code is longer than max_length.
        loop {
            let mut bits = max_length - 1;
            while self.bl_count[bits] == 0 {
                bits -= 1;
            }
            self.bl_count[bits] -= 1;
            self.bl_count[bits + 1] += 2;
            self.bl_count[max_length] -= 1;
            overflow -= 2;
            if overflow <= 0 {
                break;
            }
        }
        // Give the lengths out again, longest first, in the heap's order of frequency.
        for bits in (1..=max_length).rev() {
            let mut n = self.bl_count[bits];
            while n != 0 {
                h -= 1;
                let m = self.heap[h];
                if m > max_code {
                    continue;
                }
                if tree[m].dl as usize != bits {
                    let delta = (bits as u64).wrapping_sub(u64::from(tree[m].dl));
                    self.opt_len = self
                        .opt_len
                        .wrapping_add(delta.wrapping_mul(u64::from(tree[m].fc)));
                    tree[m].dl = bits as u16;
                }
                n -= 1;
            }
        }
    }
}

/// `gen_codes`: the canonical code of every leaf from the bit lengths.
fn gen_codes(tree: &mut [Node], max_code: usize, bl_count: &[u16; MAX_BITS + 1]) {
    let mut next_code = [0u16; MAX_BITS + 1];
    let mut code = 0u32;
    for bits in 1..=MAX_BITS {
        code = (code + u32::from(bl_count[bits - 1])) << 1;
        next_code[bits] = code as u16;
    }
    for node in tree.iter_mut().take(max_code + 1) {
        let len = node.dl as usize;
        if len == 0 {
            continue;
        }
        node.fc = bi_reverse(u32::from(next_code[len]), len as u32);
        next_code[len] = next_code[len].wrapping_add(1);
    }
}

/// Where a block's bytes are, for a stored block (`_tr_flush_block`'s `buf`), when they are all
/// still in the window.
pub(crate) type StoredBytes<'a> = Option<&'a [u8]>;

/// The symbols of the current block and the trees that code them (`deflate_state`'s trees.c
/// part, with `LIT_MEM`'s two symbol buffers).
pub(crate) struct Trees {
    dyn_ltree: [Node; HEAP_SIZE],
    dyn_dtree: [Node; 2 * D_CODES + 1],
    bl_tree: [Node; 2 * BL_CODES + 1],
    builder: Builder,
    /// `d_buf`: each symbol's distance, 0 for a literal.
    d_buf: Vec<u16>,
    /// `l_buf`: each symbol's literal, or its length minus `MIN_MATCH`.
    l_buf: Vec<u8>,
    /// `sym_end`: the block is full at this many symbols.
    sym_end: usize,
}

impl Trees {
    /// `_tr_init` for `lit_bufsize` symbols a block (`1 << (memLevel + 6)`).
    pub(crate) fn new(lit_bufsize: usize) -> Self {
        let mut trees = Self {
            dyn_ltree: [Node::default(); HEAP_SIZE],
            dyn_dtree: [Node::default(); 2 * D_CODES + 1],
            bl_tree: [Node::default(); 2 * BL_CODES + 1],
            builder: Builder {
                heap: [0; HEAP_SIZE],
                heap_len: 0,
                heap_max: 0,
                depth: [0; HEAP_SIZE],
                bl_count: [0; MAX_BITS + 1],
                opt_len: 0,
                static_len: 0,
            },
            d_buf: Vec::with_capacity(lit_bufsize),
            l_buf: Vec::with_capacity(lit_bufsize),
            sym_end: lit_bufsize - 1,
        };
        trees.init_block();
        trees
    }

    /// `_tr_init` again, for a new stream.
    pub(crate) fn reset(&mut self) {
        self.dyn_ltree = [Node::default(); HEAP_SIZE];
        self.dyn_dtree = [Node::default(); 2 * D_CODES + 1];
        self.bl_tree = [Node::default(); 2 * BL_CODES + 1];
        self.init_block();
    }

    /// `init_block`.
    fn init_block(&mut self) {
        for node in &mut self.dyn_ltree[..L_CODES] {
            node.fc = 0;
        }
        for node in &mut self.dyn_dtree[..D_CODES] {
            node.fc = 0;
        }
        for node in &mut self.bl_tree[..BL_CODES] {
            node.fc = 0;
        }
        self.dyn_ltree[END_BLOCK].fc = 1;
        self.builder.opt_len = 0;
        self.builder.static_len = 0;
        self.d_buf.clear();
        self.l_buf.clear();
    }

    /// `_tr_tally_lit`: counts a literal; true when the block is full.
    #[inline]
    pub(crate) fn tally_lit(&mut self, c: u8) -> bool {
        self.d_buf.push(0);
        self.l_buf.push(c);
        self.dyn_ltree[c as usize].fc += 1;
        self.l_buf.len() == self.sym_end
    }

    /// `_tr_tally_dist`: counts a match of `length - MIN_MATCH` (`len`) at `dist`; true when the
    /// block is full.
    #[inline]
    pub(crate) fn tally_dist(&mut self, dist: usize, len: usize) -> bool {
        self.d_buf.push(dist as u16);
        self.l_buf.push(len as u8);
        self.dyn_ltree[TABLES.length_code[len] as usize + LITERALS + 1].fc += 1;
        self.dyn_dtree[d_code(dist - 1)].fc += 1;
        self.l_buf.len() == self.sym_end
    }

    /// `_tr_flush_block`: writes the block as stored (when `stored` has its bytes and that is
    /// smallest), with the fixed codes, or with its own codes; `last` marks the stream's last
    /// block and pads the bit stream to a byte.
    pub(crate) fn flush_block(&mut self, out: &mut BitWriter, stored: StoredBytes<'_>, last: bool) {
        let l_max = self.builder.build_tree(&mut self.dyn_ltree, Kind::Literals);
        let d_max = self
            .builder
            .build_tree(&mut self.dyn_dtree, Kind::Distances);
        let max_blindex = self.build_bl_tree(l_max, d_max);
        let stored_len = stored.map_or(0, <[u8]>::len) as u64;
        let mut opt_lenb = (self.builder.opt_len.wrapping_add(3 + 7)) >> 3;
        let static_lenb = (self.builder.static_len.wrapping_add(3 + 7)) >> 3;
        if static_lenb <= opt_lenb {
            opt_lenb = static_lenb;
        }
        match stored {
            Some(bytes) if stored_len + 4 <= opt_lenb => {
                Self::stored_block(out, bytes, last);
            }
            _ if static_lenb == opt_lenb => {
                out.send_bits((STATIC_TREES << 1) + u32::from(last), 3);
                self.compress_block(out, true);
            }
            _ => {
                out.send_bits((DYN_TREES << 1) + u32::from(last), 3);
                self.send_all_trees(out, l_max + 1, d_max + 1, max_blindex + 1);
                self.compress_block(out, false);
            }
        }
        self.init_block();
        if last {
            out.windup();
        }
    }

    /// `_tr_stored_block`.
    fn stored_block(out: &mut BitWriter, bytes: &[u8], last: bool) {
        out.send_bits((STORED_BLOCK << 1) + u32::from(last), 3);
        out.windup();
        let len = bytes.len() as u16;
        out.put_bytes(&len.to_le_bytes());
        out.put_bytes(&(!len).to_le_bytes());
        out.put_bytes(bytes);
    }

    /// `build_bl_tree`: the tree of the code lengths of both trees; returns the index in
    /// `bl_order` of the last bit-length code to send.
    fn build_bl_tree(&mut self, l_max: usize, d_max: usize) -> usize {
        scan_tree(&mut self.bl_tree, &mut self.dyn_ltree, l_max);
        scan_tree(&mut self.bl_tree, &mut self.dyn_dtree, d_max);
        self.builder.build_tree(&mut self.bl_tree, Kind::BitLengths);
        let mut max_blindex = BL_CODES - 1;
        while max_blindex >= 3 {
            if self.bl_tree[BL_ORDER[max_blindex] as usize].dl != 0 {
                break;
            }
            max_blindex -= 1;
        }
        self.builder.opt_len = self
            .builder
            .opt_len
            .wrapping_add(3 * (max_blindex as u64 + 1) + 5 + 5 + 4);
        max_blindex
    }

    /// `send_all_trees`: the dynamic block's header and its two code-length trees.
    fn send_all_trees(&self, out: &mut BitWriter, lcodes: usize, dcodes: usize, blcodes: usize) {
        out.send_bits((lcodes - 257) as u32, 5);
        out.send_bits((dcodes - 1) as u32, 5);
        out.send_bits((blcodes - 4) as u32, 4);
        for &code in &BL_ORDER[..blcodes] {
            out.send_bits(u32::from(self.bl_tree[code as usize].dl), 3);
        }
        send_tree(out, &self.bl_tree, &self.dyn_ltree, lcodes - 1);
        send_tree(out, &self.bl_tree, &self.dyn_dtree, dcodes - 1);
    }

    /// `compress_block`: the block's symbols with the fixed or the block's own codes, then the
    /// end-of-block code.
    fn compress_block(&self, out: &mut BitWriter, fixed: bool) {
        let (ltree, dtree): (&[Node], &[Node]) = if fixed {
            (&TABLES.static_ltree, &TABLES.static_dtree)
        } else {
            (&self.dyn_ltree, &self.dyn_dtree)
        };
        for (&dist, &lc) in self.d_buf.iter().zip(&self.l_buf) {
            if dist == 0 {
                let node = ltree[lc as usize];
                out.send_bits(u32::from(node.fc), u32::from(node.dl));
                continue;
            }
            let lc = lc as usize;
            let code = TABLES.length_code[lc] as usize;
            let node = ltree[code + LITERALS + 1];
            out.send_bits(u32::from(node.fc), u32::from(node.dl));
            let extra = EXTRA_LBITS[code];
            if extra != 0 {
                out.send_bits(
                    (lc - TABLES.base_length[code] as usize) as u32,
                    u32::from(extra),
                );
            }
            let dist = dist as usize - 1;
            let code = d_code(dist);
            let node = dtree[code];
            out.send_bits(u32::from(node.fc), u32::from(node.dl));
            let extra = EXTRA_DBITS[code];
            if extra != 0 {
                out.send_bits(
                    (dist - TABLES.base_dist[code] as usize) as u32,
                    u32::from(extra),
                );
            }
        }
        let node = ltree[END_BLOCK];
        out.send_bits(u32::from(node.fc), u32::from(node.dl));
    }
}

/// The run-length state `scan_tree` and `send_tree` share: after a run of `curlen`, how long the
/// next run may be (`max_count`) and must be to be coded as a repeat (`min_count`).
fn run_limits(curlen: u16, nextlen: u16) -> (usize, usize) {
    if nextlen == 0 {
        (138, 3)
    } else if curlen == nextlen {
        (6, 3)
    } else {
        (7, 4)
    }
}

/// `scan_tree`: counts in `bl_tree` the codes that send `tree`'s lengths. Sets zlib's guard
/// (`tree[max_code + 1]`'s length to 0xffff), which `send_tree` reads.
fn scan_tree(bl_tree: &mut [Node], tree: &mut [Node], max_code: usize) {
    let mut prevlen: i32 = -1;
    let mut nextlen = tree[0].dl;
    let mut count = 0;
    let (mut max_count, mut min_count) = if nextlen == 0 { (138, 3) } else { (7, 4) };
    tree[max_code + 1].dl = 0xffff;
    for n in 0..=max_code {
        let curlen = nextlen;
        nextlen = tree[n + 1].dl;
        count += 1;
        if count < max_count && curlen == nextlen {
            continue;
        } else if count < min_count {
            bl_tree[curlen as usize].fc += count as u16;
        } else if curlen != 0 {
            if i32::from(curlen) != prevlen {
                bl_tree[curlen as usize].fc += 1;
            }
            bl_tree[REP_3_6].fc += 1;
        } else if count <= 10 {
            bl_tree[REPZ_3_10].fc += 1;
        } else {
            bl_tree[REPZ_11_138].fc += 1;
        }
        count = 0;
        prevlen = i32::from(curlen);
        (max_count, min_count) = run_limits(curlen, nextlen);
    }
}

/// `send_tree`: sends `tree`'s code lengths with the codes of `bl_tree`.
fn send_tree(out: &mut BitWriter, bl_tree: &[Node], tree: &[Node], max_code: usize) {
    let send_code = |out: &mut BitWriter, c: usize| {
        out.send_bits(u32::from(bl_tree[c].fc), u32::from(bl_tree[c].dl));
    };
    let mut prevlen: i32 = -1;
    let mut nextlen = tree[0].dl;
    let mut count = 0;
    let (mut max_count, mut min_count) = if nextlen == 0 { (138, 3) } else { (7, 4) };
    for n in 0..=max_code {
        let curlen = nextlen;
        nextlen = tree[n + 1].dl;
        count += 1;
        if count < max_count && curlen == nextlen {
            continue;
        } else if count < min_count {
            for _ in 0..count {
                send_code(out, curlen as usize);
            }
        } else if curlen != 0 {
            if i32::from(curlen) != prevlen {
                send_code(out, curlen as usize);
                count -= 1;
            }
            send_code(out, REP_3_6);
            out.send_bits((count - 3) as u32, 2);
        } else if count <= 10 {
            send_code(out, REPZ_3_10);
            out.send_bits((count - 3) as u32, 3);
        } else {
            send_code(out, REPZ_11_138);
            out.send_bits((count - 11) as u32, 7);
        }
        count = 0;
        prevlen = i32::from(curlen);
        (max_count, min_count) = run_limits(curlen, nextlen);
    }
}
