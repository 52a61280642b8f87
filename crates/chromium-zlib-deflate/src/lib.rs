//! The zlib stream Node's `zlib.deflateSync(input)` writes at its default options, byte for
//! byte, in Rust.
//!
//! docusaurus-plugin-openapi-docs writes every API page's `api` front matter as
//! `zlib.deflateSync(JSON.stringify(item.api)).toString("base64")`. Any deflate gives JSON the
//! theme inflates the same, but only Node's own deflate gives the same bytes.
//!
//! # What it ports
//!
//! Node's official builds vendor Chromium's fork of zlib (`deps/zlib`); Node 20.20.2 carries
//! Chromium's `third_party/zlib` at e00f7038713f (zlib 1.3.1; `process.versions.zlib` is
//! `1.3.1-e00f703`, which public reports give for Node 22.22 and 24.14 to 24.18 too). This crate
//! ports, from that fork, what `deflateSync` runs with its defaults (level 6, windowBits 15,
//! memLevel 8, `Z_DEFAULT_STRATEGY`, the zlib wrapper):
//!
//! - deflate.c: `deflate` (the two-byte header, one `Z_FINISH` call, the Adler-32 trailer),
//!   `lm_init`, `fill_window` and `read_buf`, `slide_hash`, `longest_match`, `deflate_slow`
//!   (lazy matching with `configuration_table[6]` and `TOO_FAR`), `FLUSH_BLOCK` (module
//!   `deflate`);
//! - contrib/optimizations/insert_string.h: Chromium's dictionary hash (module `hash`);
//! - trees.c with deflate.h's `LIT_MEM` symbol buffers: `_tr_tally`, `build_tree`,
//!   `gen_bitlen`, `gen_codes`, `scan_tree`, `send_tree`, `build_bl_tree`, `send_all_trees`,
//!   `compress_block`, `_tr_flush_block`, `_tr_stored_block` (module `trees`), and `send_bits`,
//!   `bi_windup` (module `bits`).
//!
//! Adler-32 is the `simd-adler32` crate's. Other levels, strategies, window and memory sizes,
//! flush modes, gzip and raw streams and preset dictionaries are not ported.
//!
//! `deflateSync` calls `deflate(Z_FINISH)` with all the input, again and again while it fills
//! 16 KiB output buffers (`chunkSize`). zlib cuts blocks where its symbol buffer fills, not
//! where the output buffer does, so the stream does not depend on `chunkSize`: here it is
//! written in one call into one growing buffer (the differential test also compares Node with
//! small `chunkSize`s against this).
//!
//! # Which CPUs and which Nodes
//!
//! The hash at e00f703 has no CPU-specific path, so Node writes the same bytes on x86_64
//! with or without SSE4.2 and on arm64 with or without CRC32, and so does this crate on every
//! target. (Measured: Node 20.20.2 under `qemu-x86_64 -cpu Conroe`, a CPU without SSE4.2 or
//! PCLMUL, writes the same bytes as natively.) Chromium's zlib before its "ANZAC++" hash
//! (2019 to 2023) hashed with CRC32C on CPUs with SSE4.2 and PCLMUL (x86) or CRC32 (arm) and
//! with zlib's Rabin-Karp hash elsewhere, so older Node releases wrote bytes that depended on
//! the CPU; this crate does not reproduce them.
//!
//! A Node built with `--shared-zlib` (some Linux distributions' and Homebrew's packages)
//! deflates with the system's zlib instead, whose Rabin-Karp hash finds other matches:
//! `process.versions.zlib` then has no `-<commit>` suffix, and the bytes differ from these.
//!
//! # Example
//!
//! ```
//! let stream = chromium_zlib_deflate::deflate_sync(b"");
//! // Node: zlib.deflateSync(Buffer.alloc(0)).toString("hex")
//! assert_eq!(stream, [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
//! ```

mod bits;
mod deflate;
mod hash;
mod trees;

/// The zlib header `deflate()` writes at level 6 with windowBits 15: `0x78 0x9c`.
const HEADER: [u8; 2] = [0x78, 0x9c];

/// A compressor whose buffers (about 230 KiB) are kept from one stream to the next.
pub struct Deflater {
    buffers: deflate::Buffers,
}

impl Default for Deflater {
    fn default() -> Self {
        Self::new()
    }
}

impl Deflater {
    /// A compressor (`deflateInit`).
    pub fn new() -> Self {
        Self {
            buffers: deflate::Buffers::new(),
        }
    }

    /// Appends to `out` the zlib stream of `input` that `zlib.deflateSync(input)` returns.
    pub fn deflate_into(&mut self, input: &[u8], out: &mut Vec<u8>) {
        self.deflate_with(input, deflate::LEVEL_6, out);
    }

    /// [`Deflater::deflate_into`] with another row of zlib's configuration table (tests).
    fn deflate_with(&mut self, input: &[u8], config: deflate::Config, out: &mut Vec<u8>) {
        out.extend_from_slice(&HEADER);
        deflate::deflate_slow(
            &mut self.buffers,
            input,
            config,
            &mut bits::BitWriter::new(out),
        );
        out.extend_from_slice(&simd_adler32::adler32(&input).to_be_bytes());
    }
}

/// The zlib stream of `input` that Node's `zlib.deflateSync(input)` returns.
pub fn deflate_sync(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() / 4 + 64);
    Deflater::new().deflate_into(input, &mut out);
    out
}

#[cfg(test)]
mod tests;
