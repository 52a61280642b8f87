//! Deflates every file of a folder with one compressor, a number of rounds, and prints the
//! best round's time, the throughput and a digest of all the streams (to check that a change
//! to the match finder keeps every byte): `cargo run --release --example throughput -- DIR [ROUNDS]`.
//! The inputs used while tuning were the inflated `api` blobs of GitHub's spec's pages.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: throughput DIR [ROUNDS]");
    let rounds: usize = args
        .next()
        .map_or(5, |r| r.parse().expect("ROUNDS is a number"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("a readable folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    paths.sort();
    let inputs: Vec<Vec<u8>> = paths
        .iter()
        .map(|p| std::fs::read(p).expect("a file"))
        .collect();
    let bytes: usize = inputs.iter().map(Vec::len).sum();
    let mut deflater = chromium_zlib_deflate::Deflater::new();
    let mut out = Vec::new();
    let mut best = f64::MAX;
    let mut digest = 0u64;
    for _ in 0..rounds {
        let started = Instant::now();
        out.clear();
        for input in &inputs {
            deflater.deflate_into(input, &mut out);
        }
        best = best.min(started.elapsed().as_secs_f64());
        digest = out.iter().fold(0xcbf2_9ce4_8422_2325, |d, &b| {
            (d ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    }
    println!(
        "{} files, {:.1} MB: best of {rounds} rounds {:.3} s ({:.0} MB/s), digest {digest:016x}",
        inputs.len(),
        bytes as f64 / 1e6,
        best,
        bytes as f64 / 1e6 / best
    );
}
