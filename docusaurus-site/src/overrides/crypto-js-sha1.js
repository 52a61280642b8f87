// What the openapi theme's storage-utils (docusaurus-theme-openapi-docs 4.3.5,
// lib/theme/ApiExplorer/storage-utils.js) takes from crypto-js: `SHA1(text).toString()`, the hex
// SHA-1 of the text's UTF-8 bytes, which names the stored credentials of an API page's security
// schemes. crypto-js whole was 20 KB gzipped of what an API page loads before any interaction, for
// this one hash of a few short strings. The same digests as crypto-js: tests/content/sha1-override.test.cjs.
// plugins/moduleOverrides.ts gives this module to storage-utils only.
"use strict";

function rotl(x, n) {
  return (x << n) | (x >>> (32 - n));
}

/** The hex SHA-1 of `text` encoded as UTF-8 (FIPS 180-4). */
function sha1Hex(text) {
  const bytes = new TextEncoder().encode(String(text));
  const words = new Uint32Array((((bytes.length + 8) >> 6) + 1) * 16);
  for (let i = 0; i < bytes.length; i++) words[i >> 2] |= bytes[i] << (24 - (i % 4) * 8);
  words[bytes.length >> 2] |= 0x80 << (24 - (bytes.length % 4) * 8);
  words[words.length - 1] = bytes.length * 8; // texts under 512 MB: the high word stays 0
  let [h0, h1, h2, h3, h4] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Uint32Array(80);
  for (let block = 0; block < words.length; block += 16) {
    for (let t = 0; t < 80; t++) w[t] = t < 16 ? words[block + t] : rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    let [a, b, c, d, e] = [h0, h1, h2, h3, h4];
    for (let t = 0; t < 80; t++) {
      const f = t < 20 ? (b & c) | (~b & d) : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const next = (rotl(a, 5) + f + e + k + w[t]) >>> 0;
      [e, d, c, b, a] = [d, c, rotl(b, 30) >>> 0, a, next];
    }
    [h0, h1, h2, h3, h4] = [(h0 + a) >>> 0, (h1 + b) >>> 0, (h2 + c) >>> 0, (h3 + d) >>> 0, (h4 + e) >>> 0];
  }
  return [h0, h1, h2, h3, h4].map((h) => h.toString(16).padStart(8, "0")).join("");
}

module.exports = {
  SHA1: (text) => ({ toString: () => sha1Hex(text) }),
};
