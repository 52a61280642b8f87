// How a measured number is written in the docs: rounded as the bench scripts round when they print
// (JavaScript's toFixed, on the number as recorded or computed), thousands grouped with commas
// where asked, and the median of a list as the bench scripts take it. Used by every renderer of
// scripts/figures.mjs, so a figure reads the same wherever it is written, and as its bench would
// have printed it (a value at a tie rounds as its binary value does: 157.85 is "157.8").

/** `value` with `decimals` digits after the point, as toFixed writes it (never "-0"). */
export function fixed(value, decimals) {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const text = value.toFixed(decimals);
  return /^-[0.]+$/.test(text) ? text.slice(1) : text;
}

/** `fixed`, with the whole part grouped by thousands: 18745.07 -> "18,745". */
export function grouped(value, decimals) {
  const [whole, fraction] = fixed(value, decimals).split(".");
  const sign = whole.startsWith("-") ? "-" : "";
  const digits = whole.replace("-", "");
  const withCommas = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return sign + withCommas + (fraction === undefined ? "" : `.${fraction}`);
}

/** `value` to `significant` digits, as toPrecision writes it but never in exponent form: 3.8960 -> "3.90". */
export function significant(value, significantDigits) {
  if (value === 0) return fixed(0, significantDigits - 1);
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const text = fixed(value, Math.max(0, significantDigits - 1 - magnitude));
  // Rounding up can add a digit (9.996 -> "10.00"): drop the extra decimal.
  const digitCount = text.replace(/[-.]/g, "").replace(/^0+/, "").length;
  return digitCount > significantDigits && text.includes(".") ? text.slice(0, -1).replace(/\.$/, "") : text;
}

/**
 * A number written by a format spec, as the data files' placeholders give it:
 *   "1"   one decimal            "3.9"
 *   ",0"  grouped, no decimals   "18,745"
 *   "p3"  three significant      "3.90"
 * Without a spec, the number as JavaScript writes it.
 */
export function formatNumber(value, spec) {
  if (spec === undefined || spec === "") return String(value);
  let m = /^(,?)(\d+)$/.exec(spec);
  if (m) return m[1] ? grouped(value, Number(m[2])) : fixed(value, Number(m[2]));
  m = /^p(\d+)$/.exec(spec);
  if (m) return significant(value, Number(m[1]));
  throw new Error(`unknown number format "${spec}" (one of: N decimals, ",N" grouped, "pN" significant digits)`);
}

/** The median, as the bench scripts take it: the middle value, or the mean of the two middle ones. */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error("median of no values");
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
