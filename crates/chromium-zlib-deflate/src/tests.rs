//! Fixed vectors recorded from Node 20.20.2 (`process.versions.zlib` 1.3.1-e00f703):
//! `zlib.deflateSync(input)` for inputs that reach each part of the port (the empty stream, one
//! literal, a fixed-code block, a dynamic block, window slides, full symbol buffers, stored
//! blocks). Long outputs are recorded as length, Adler-32 of the output and first bytes. The
//! differential test (`tests/differential/deflate.test.cjs`) compares thousands more with Node.

use super::*;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Length, Adler-32 and leading bytes of an output, as the vectors record long ones.
fn fingerprint(stream: &[u8], lead: usize) -> (usize, String, String) {
    (
        stream.len(),
        format!("{:x}", simd_adler32::adler32(&stream)),
        hex(&stream[..lead]),
    )
}

/// JSON-like text from a linear congruential generator (the recording script's `text(n)`).
fn text(n: usize) -> Vec<u8> {
    const WORDS: [&str; 15] = [
        "\"type\"",
        "\"string\"",
        "\"description\"",
        "\"properties\"",
        "{",
        "}",
        ":",
        ",",
        "\"id\"",
        "\"integer\"",
        "\"format\"",
        "\"int64\"",
        "[",
        "]",
        " ",
    ];
    let mut seed: u32 = 7;
    let mut s = String::new();
    while s.len() < n {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let word = (seed >> 28) as usize;
        s.push_str(WORDS[if word < WORDS.len() { word } else { 0 }]);
        if seed & 0xff < 9 {
            s.push_str(&(seed % 100_000).to_string());
        }
    }
    s.truncate(n);
    s.into_bytes()
}

/// Bytes no match can shorten: xorshift32's low bytes.
fn noise(n: usize) -> Vec<u8> {
    let mut x: u32 = 2_463_534_242;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

#[test]
fn short_inputs_match_node() {
    assert_eq!(hex(&deflate_sync(b"")), "789c030000000001");
    assert_eq!(hex(&deflate_sync(b"a")), "789c4b040000620062");
    assert_eq!(
        hex(&deflate_sync(&[0x7b; 1000])),
        "789cabae1e05a360140c7700009589e088"
    );
    let api = br#"{"description":"List pets","method":"get","path":"/pets","parameters":[{"name":"limit","in":"query","schema":{"type":"integer","format":"int32"}}],"responses":{"200":{"description":"A paged array of pets"}}}"#;
    assert_eq!(
        hex(&deflate_sync(api)),
        "789c558ebd0ac33010835fc5683634a49bb7ee7d83d2e1482e89a1fee9dd7508c1ef5e4cba7412489f840e\
         ccac93c46ab16404dca39aab6c0a8fc4b69519012b1b3c2ad98680cb2fad2494d85814e17120536204bc62\
         8a1d8e7decfd61d9e1a1d3c689100ed85e3b15b3f1ca028fa548223badeb88d69e1ec25a4b56d6de1887a1\
         cbffcb9babb4f2ec4884765796f3716bed0bf0a44527"
    );
}

#[test]
fn long_inputs_match_node() {
    // Window slides (70,000 bytes: one) and full symbol buffers.
    assert_eq!(
        fingerprint(&deflate_sync(&text(70_000)), 24),
        (
            13772,
            "130dd5ea".into(),
            "789c8d7dc992f528d2e5ab6077cd421288e95530166d1dd9".into()
        )
    );
    assert_eq!(
        fingerprint(&deflate_sync(&text(300_000)), 24),
        (
            58298,
            "9e0f8459".into(),
            "789c9cbdc98e36ab922df82a28c60c9cc6719c57410c4a15".into()
        )
    );
    // Incompressible: stored blocks of 16383 bytes, one per full symbol buffer.
    assert_eq!(
        fingerprint(&deflate_sync(&noise(100_000)), 16),
        (
            100_041,
            "e23f6988".into(),
            "789c00ff3f00c0637aa07ee1eaf23dc7".into()
        )
    );
}

#[test]
fn a_reused_deflater_writes_what_a_new_one_does() {
    let mut deflater = Deflater::new();
    for input in [
        text(300_000),
        noise(5000),
        Vec::new(),
        text(70_000),
        b"a".to_vec(),
    ] {
        let mut out = Vec::new();
        deflater.deflate_into(&input, &mut out);
        assert_eq!(out, deflate_sync(&input));
    }
}

#[test]
fn the_vectors_tell_level_6_from_its_neighbours() {
    // Level 7's `max_lazy` and `max_chain` with level 6's others: other bytes on the long text.
    let config = deflate::Config {
        max_lazy: 32,
        max_chain: 256,
        ..deflate::LEVEL_6
    };
    let mut out = Vec::new();
    Deflater::new().deflate_with(&text(300_000), config, &mut out);
    assert_ne!(out, deflate_sync(&text(300_000)));
}

#[test]
fn a_deflater_is_small_enough_for_a_thread_local() {
    // An addon's thread-locals live in glibc's static TLS room, a few KB shared by every library
    // loaded at run time: a larger one makes `dlopen` fail ("cannot allocate memory in static
    // TLS block").
    assert!(std::mem::size_of::<Deflater>() <= 64);
}
