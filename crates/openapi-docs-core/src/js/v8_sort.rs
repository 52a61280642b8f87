//! `Array.prototype.sort(comparefn)` as V8 runs it in Node 20 (V8 11.3,
//! `third_party/v8/builtins/array-sort.tq`), step for step, so that a comparator that is not a
//! consistent order (one returning `NaN`, say) leaves the elements where Node leaves them.
//!
//! V8's sort is TimSort: natural runs are counted (a strictly descending run is reversed), a run
//! shorter than the minimum run length is extended by binary insertion (an array under 64
//! elements is one such run), and runs are merged on a stack with galloping (`minGallop`
//! adapting). Every comparison is ported as V8 writes it (`order < 0`, `order >= 0`), and the
//! comparator's result is read as V8's `SortCompareUserFn` reads it: `NaN` counts as `0`.
//! Later V8 versions (not Node 20's) sort arrays under 10 elements by binary insertion alone,
//! without counting a first run; this port follows Node 20.
//!
//! Not ported: V8 moves holes and `undefined` elements to the end without comparing them; the
//! callers here sort objects, which are neither.

/// Galloping starts after this many wins in a row (`kMinGallopWins`).
const MIN_GALLOP_WINS: isize = 7;

/// Sorts `items` as V8's `items.sort(compare)` does; `compare` returns what the JavaScript
/// comparator would (any number, `NaN` included).
pub fn sort_by<T>(items: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> f64) {
    if items.len() < 2 {
        return;
    }
    let order = {
        let elements: &[T] = items;
        let mut by_index = |x: usize, y: usize| compare(&elements[x], &elements[y]);
        let mut state = TimSort {
            work: (0..elements.len()).collect(),
            temp: Vec::new(),
            runs: Vec::new(),
            min_gallop: MIN_GALLOP_WINS,
            compare: &mut by_index,
        };
        state.sort();
        state.work
    };
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// Which array a gallop searches: the work array or the merge's temporary copy.
#[derive(Clone, Copy)]
enum Array {
    Work,
    Temp,
}

/// How a merge ends (the labels of V8's `MergeLow` / `MergeHigh`).
enum MergeEnd {
    /// Copy what is left of the temporary run into place.
    Succeed,
    /// One element of the temporary run is left; it goes at the far end.
    CopyRest,
}

/// V8's `SortState`: the elements (indices into the caller's slice), the temporary array, the
/// stack of pending runs (base, length) and `minGallop`.
struct TimSort<'c> {
    work: Vec<usize>,
    temp: Vec<usize>,
    runs: Vec<(isize, isize)>,
    min_gallop: isize,
    compare: &'c mut dyn FnMut(usize, usize) -> f64,
}

/// The position cursors of one merge.
struct Cursors {
    dest: isize,
    temp: isize,
    other: isize,
    length_a: isize,
    length_b: isize,
}

impl TimSort<'_> {
    /// `SortCompareUserFn`: the comparator's result, `NaN` read as `0`.
    fn compare(&mut self, x: usize, y: usize) -> f64 {
        let order = (self.compare)(x, y);
        if order.is_nan() { 0.0 } else { order }
    }

    fn at(&self, array: Array, index: isize) -> usize {
        match array {
            Array::Work => self.work[index as usize],
            Array::Temp => self.temp[index as usize],
        }
    }

    fn set(&mut self, index: isize, value: usize) {
        self.work[index as usize] = value;
    }

    /// Copies `length` elements of the work array from `from` to `to` (the ranges may overlap).
    fn move_work(&mut self, from: isize, to: isize, length: isize) {
        let from = from as usize;
        self.work
            .copy_within(from..from + length as usize, to as usize);
    }

    /// Copies `length` elements of the temporary array from `from` to the work array at `to`.
    fn temp_to_work(&mut self, from: isize, to: isize, length: isize) {
        let (from, to, length) = (from as usize, to as usize, length as usize);
        self.work[to..to + length].copy_from_slice(&self.temp[from..from + length]);
    }

    /// `GetTempArray` and `Copy` into it: the run at `base` in the temporary array's front.
    fn copy_to_temp(&mut self, base: isize, length: isize) {
        let (base, length) = (base as usize, length as usize);
        if self.temp.len() < length.max(32) {
            self.temp = vec![0; length.max(32)];
        }
        self.temp[..length].copy_from_slice(&self.work[base..base + length]);
    }

    /// `ArrayTimSortImpl`.
    fn sort(&mut self) {
        let length = self.work.len() as isize;
        if length < 2 {
            return;
        }
        let mut remaining = length;
        let mut low = 0;
        let min_run = min_run_length(remaining);
        while remaining != 0 {
            let mut run = self.count_and_make_run(low, low + remaining);
            if run < min_run {
                let forced = min_run.min(remaining);
                self.binary_insertion_sort(low, low + run, low + forced);
                run = forced;
            }
            self.runs.push((low, run));
            self.merge_collapse();
            low += run;
            remaining -= run;
        }
        self.merge_force_collapse();
    }

    /// `BinaryInsertionSort`: `[low, high)` sorted by binary insertion, `[low, start)` being
    /// sorted already.
    fn binary_insertion_sort(&mut self, low: isize, start: isize, high: isize) {
        let mut start = if low == start { start + 1 } else { start };
        while start < high {
            let mut left = low;
            let mut right = start;
            let pivot = self.at(Array::Work, start);
            while left < right {
                let mid = left + ((right - left) >> 1);
                let element = self.at(Array::Work, mid);
                if self.compare(pivot, element) < 0.0 {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            self.move_work(left, left + 1, start - left);
            self.set(left, pivot);
            start += 1;
        }
    }

    /// `CountAndMakeRun`: the length of the run starting at `low` (before `high`), a strictly
    /// descending run reversed.
    fn count_and_make_run(&mut self, low: isize, high: isize) -> isize {
        let second = low + 1;
        if second == high {
            return 1;
        }
        let mut run = 2;
        let mut previous = self.at(Array::Work, second);
        let first = self.at(Array::Work, low);
        let descending = self.compare(previous, first) < 0.0;
        for index in second + 1..high {
            let current = self.at(Array::Work, index);
            let order = self.compare(current, previous);
            let ends = if descending {
                order >= 0.0
            } else {
                order < 0.0
            };
            if ends {
                break;
            }
            previous = current;
            run += 1;
        }
        if descending {
            self.work[low as usize..(low + run) as usize].reverse();
        }
        run
    }

    fn run_length(&self, run: isize) -> isize {
        self.runs[run as usize].1
    }

    /// `RunInvariantEstablished`: run `n - 2` longer than runs `n - 1` and `n` together.
    fn invariant_holds(&self, n: isize) -> bool {
        n < 2 || self.run_length(n - 2) > self.run_length(n - 1) + self.run_length(n)
    }

    /// `MergeCollapse`: merges runs until the stack invariants hold.
    fn merge_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() as isize - 2;
            if !self.invariant_holds(n + 1) || !self.invariant_holds(n) {
                if self.run_length(n - 1) < self.run_length(n + 1) {
                    n -= 1;
                }
                self.merge_at(n);
            } else if self.run_length(n) <= self.run_length(n + 1) {
                self.merge_at(n);
            } else {
                break;
            }
        }
    }

    /// `MergeForceCollapse`: merges all runs.
    fn merge_force_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() as isize - 2;
            if n > 0 && self.run_length(n - 1) < self.run_length(n + 1) {
                n -= 1;
            }
            self.merge_at(n);
        }
    }

    /// `MergeAt`: merges runs `i` and `i + 1` of the stack.
    fn merge_at(&mut self, i: isize) {
        let i = i as usize;
        let (mut base_a, mut length_a) = self.runs[i];
        let (base_b, mut length_b) = self.runs[i + 1];
        self.runs[i].1 = length_a + length_b;
        self.runs.remove(i + 1);

        let key = self.at(Array::Work, base_b);
        let k = self.gallop_right(Array::Work, key, base_a, length_a, 0);
        base_a += k;
        length_a -= k;
        if length_a == 0 {
            return;
        }
        let key = self.at(Array::Work, base_a + length_a - 1);
        length_b = self.gallop_left(Array::Work, key, base_b, length_b, length_b - 1);
        if length_b == 0 {
            return;
        }
        if length_a <= length_b {
            self.merge_low(base_a, length_a, base_b, length_b);
        } else {
            self.merge_high(base_a, length_a, base_b, length_b);
        }
    }

    /// `GallopLeft`: where `key` goes in the sorted `length` elements at `base`, left of any
    /// equal ones, searching from `hint`.
    fn gallop_left(
        &mut self,
        array: Array,
        key: usize,
        base: isize,
        length: isize,
        hint: isize,
    ) -> isize {
        let mut last_offset = 0;
        let mut offset = 1;
        let element = self.at(array, base + hint);
        if self.compare(element, key) < 0.0 {
            let max_offset = length - hint;
            while offset < max_offset {
                let element = self.at(array, base + hint + offset);
                if self.compare(element, key) >= 0.0 {
                    break;
                }
                last_offset = offset;
                offset = (offset << 1) + 1;
            }
            offset = offset.min(max_offset);
            last_offset += hint;
            offset += hint;
        } else {
            let max_offset = hint + 1;
            while offset < max_offset {
                let element = self.at(array, base + hint - offset);
                if self.compare(element, key) < 0.0 {
                    break;
                }
                last_offset = offset;
                offset = (offset << 1) + 1;
            }
            offset = offset.min(max_offset);
            (last_offset, offset) = (hint - offset, hint - last_offset);
        }
        last_offset += 1;
        while last_offset < offset {
            let m = last_offset + ((offset - last_offset) >> 1);
            let element = self.at(array, base + m);
            if self.compare(element, key) < 0.0 {
                last_offset = m + 1;
            } else {
                offset = m;
            }
        }
        offset
    }

    /// `GallopRight`: as [`Self::gallop_left`], right of any equal elements.
    fn gallop_right(
        &mut self,
        array: Array,
        key: usize,
        base: isize,
        length: isize,
        hint: isize,
    ) -> isize {
        let mut last_offset = 0;
        let mut offset = 1;
        let element = self.at(array, base + hint);
        if self.compare(key, element) < 0.0 {
            let max_offset = hint + 1;
            while offset < max_offset {
                let element = self.at(array, base + hint - offset);
                if self.compare(key, element) >= 0.0 {
                    break;
                }
                last_offset = offset;
                offset = (offset << 1) + 1;
            }
            offset = offset.min(max_offset);
            (last_offset, offset) = (hint - offset, hint - last_offset);
        } else {
            let max_offset = length - hint;
            while offset < max_offset {
                let element = self.at(array, base + hint + offset);
                if self.compare(key, element) < 0.0 {
                    break;
                }
                last_offset = offset;
                offset = (offset << 1) + 1;
            }
            offset = offset.min(max_offset);
            last_offset += hint;
            offset += hint;
        }
        last_offset += 1;
        while last_offset < offset {
            let m = last_offset + ((offset - last_offset) >> 1);
            let element = self.at(array, base + m);
            if self.compare(key, element) < 0.0 {
                offset = m;
            } else {
                last_offset = m + 1;
            }
        }
        offset
    }

    /// `MergeLow`: merges run A (`length_a` at `base_a`, copied to the temporary array) and run
    /// B (right after it) from the left; A is the shorter.
    fn merge_low(&mut self, base_a: isize, length_a: isize, base_b: isize, length_b: isize) {
        self.copy_to_temp(base_a, length_a);
        let mut c = Cursors {
            dest: base_a,
            temp: 0,
            other: base_b,
            length_a,
            length_b,
        };
        let first_b = self.at(Array::Work, c.other);
        self.set(c.dest, first_b);
        c.dest += 1;
        c.other += 1;
        match self.merge_low_steps(&mut c) {
            MergeEnd::Succeed => {
                if c.length_a > 0 {
                    self.temp_to_work(c.temp, c.dest, c.length_a);
                }
            }
            MergeEnd::CopyRest => {
                self.move_work(c.other, c.dest, c.length_b);
                let last_a = self.at(Array::Temp, c.temp);
                self.set(c.dest + c.length_b, last_a);
            }
        }
    }

    /// The loops of `MergeLow` (`c.other` is run B's cursor).
    fn merge_low_steps(&mut self, c: &mut Cursors) -> MergeEnd {
        c.length_b -= 1;
        if c.length_b == 0 {
            return MergeEnd::Succeed;
        }
        if c.length_a == 1 {
            return MergeEnd::CopyRest;
        }
        let mut min_gallop = self.min_gallop;
        loop {
            let mut wins_a = 0;
            let mut wins_b = 0;
            loop {
                let b = self.at(Array::Work, c.other);
                let a = self.at(Array::Temp, c.temp);
                if self.compare(b, a) < 0.0 {
                    self.set(c.dest, b);
                    c.dest += 1;
                    c.other += 1;
                    wins_b += 1;
                    c.length_b -= 1;
                    wins_a = 0;
                    if c.length_b == 0 {
                        return MergeEnd::Succeed;
                    }
                    if wins_b >= min_gallop {
                        break;
                    }
                } else {
                    self.set(c.dest, a);
                    c.dest += 1;
                    c.temp += 1;
                    wins_a += 1;
                    c.length_a -= 1;
                    wins_b = 0;
                    if c.length_a == 1 {
                        return MergeEnd::CopyRest;
                    }
                    if wins_a >= min_gallop {
                        break;
                    }
                }
            }
            min_gallop += 1;
            let mut first_iteration = true;
            while wins_a >= MIN_GALLOP_WINS || wins_b >= MIN_GALLOP_WINS || first_iteration {
                first_iteration = false;
                min_gallop = (min_gallop - 1).max(1);
                self.min_gallop = min_gallop;

                let key = self.at(Array::Work, c.other);
                wins_a = self.gallop_right(Array::Temp, key, c.temp, c.length_a, 0);
                if wins_a > 0 {
                    self.temp_to_work(c.temp, c.dest, wins_a);
                    c.dest += wins_a;
                    c.temp += wins_a;
                    c.length_a -= wins_a;
                    if c.length_a == 1 {
                        return MergeEnd::CopyRest;
                    }
                    // Impossible for a consistent comparator, as V8 notes.
                    if c.length_a == 0 {
                        return MergeEnd::Succeed;
                    }
                }
                let b = self.at(Array::Work, c.other);
                self.set(c.dest, b);
                c.dest += 1;
                c.other += 1;
                c.length_b -= 1;
                if c.length_b == 0 {
                    return MergeEnd::Succeed;
                }

                let key = self.at(Array::Temp, c.temp);
                wins_b = self.gallop_left(Array::Work, key, c.other, c.length_b, 0);
                if wins_b > 0 {
                    self.move_work(c.other, c.dest, wins_b);
                    c.dest += wins_b;
                    c.other += wins_b;
                    c.length_b -= wins_b;
                    if c.length_b == 0 {
                        return MergeEnd::Succeed;
                    }
                }
                let a = self.at(Array::Temp, c.temp);
                self.set(c.dest, a);
                c.dest += 1;
                c.temp += 1;
                c.length_a -= 1;
                if c.length_a == 1 {
                    return MergeEnd::CopyRest;
                }
            }
            min_gallop += 1;
            self.min_gallop = min_gallop;
        }
    }

    /// `MergeHigh`: merges run A (`length_a` at `base_a`) and run B (right after it, copied to
    /// the temporary array) from the right; B is the shorter.
    fn merge_high(&mut self, base_a: isize, length_a: isize, base_b: isize, length_b: isize) {
        self.copy_to_temp(base_b, length_b);
        let mut c = Cursors {
            dest: base_b + length_b - 1,
            temp: length_b - 1,
            other: base_a + length_a - 1,
            length_a,
            length_b,
        };
        let last_a = self.at(Array::Work, c.other);
        self.set(c.dest, last_a);
        c.dest -= 1;
        c.other -= 1;
        match self.merge_high_steps(base_a, &mut c) {
            MergeEnd::Succeed => {
                if c.length_b > 0 {
                    self.temp_to_work(0, c.dest - (c.length_b - 1), c.length_b);
                }
            }
            MergeEnd::CopyRest => {
                c.dest -= c.length_a;
                c.other -= c.length_a;
                self.move_work(c.other + 1, c.dest + 1, c.length_a);
                let first_b = self.at(Array::Temp, c.temp);
                self.set(c.dest, first_b);
            }
        }
    }

    /// The loops of `MergeHigh` (`c.other` is run A's cursor).
    fn merge_high_steps(&mut self, base_a: isize, c: &mut Cursors) -> MergeEnd {
        c.length_a -= 1;
        if c.length_a == 0 {
            return MergeEnd::Succeed;
        }
        if c.length_b == 1 {
            return MergeEnd::CopyRest;
        }
        let mut min_gallop = self.min_gallop;
        loop {
            let mut wins_a = 0;
            let mut wins_b = 0;
            loop {
                let b = self.at(Array::Temp, c.temp);
                let a = self.at(Array::Work, c.other);
                if self.compare(b, a) < 0.0 {
                    self.set(c.dest, a);
                    c.dest -= 1;
                    c.other -= 1;
                    wins_a += 1;
                    c.length_a -= 1;
                    wins_b = 0;
                    if c.length_a == 0 {
                        return MergeEnd::Succeed;
                    }
                    if wins_a >= min_gallop {
                        break;
                    }
                } else {
                    self.set(c.dest, b);
                    c.dest -= 1;
                    c.temp -= 1;
                    wins_b += 1;
                    c.length_b -= 1;
                    wins_a = 0;
                    if c.length_b == 1 {
                        return MergeEnd::CopyRest;
                    }
                    if wins_b >= min_gallop {
                        break;
                    }
                }
            }
            min_gallop += 1;
            let mut first_iteration = true;
            while wins_a >= MIN_GALLOP_WINS || wins_b >= MIN_GALLOP_WINS || first_iteration {
                first_iteration = false;
                min_gallop = (min_gallop - 1).max(1);
                self.min_gallop = min_gallop;

                let key = self.at(Array::Temp, c.temp);
                let k = self.gallop_right(Array::Work, key, base_a, c.length_a, c.length_a - 1);
                wins_a = c.length_a - k;
                if wins_a > 0 {
                    c.dest -= wins_a;
                    c.other -= wins_a;
                    self.move_work(c.other + 1, c.dest + 1, wins_a);
                    c.length_a -= wins_a;
                    if c.length_a == 0 {
                        return MergeEnd::Succeed;
                    }
                }
                let b = self.at(Array::Temp, c.temp);
                self.set(c.dest, b);
                c.dest -= 1;
                c.temp -= 1;
                c.length_b -= 1;
                if c.length_b == 1 {
                    return MergeEnd::CopyRest;
                }

                let key = self.at(Array::Work, c.other);
                let k = self.gallop_left(Array::Temp, key, 0, c.length_b, c.length_b - 1);
                wins_b = c.length_b - k;
                if wins_b > 0 {
                    c.dest -= wins_b;
                    c.temp -= wins_b;
                    self.temp_to_work(c.temp + 1, c.dest + 1, wins_b);
                    c.length_b -= wins_b;
                    if c.length_b == 1 {
                        return MergeEnd::CopyRest;
                    }
                    // Impossible for a consistent comparator, as V8 notes.
                    if c.length_b == 0 {
                        return MergeEnd::Succeed;
                    }
                }
                let a = self.at(Array::Work, c.other);
                self.set(c.dest, a);
                c.dest -= 1;
                c.other -= 1;
                c.length_a -= 1;
                if c.length_a == 0 {
                    return MergeEnd::Succeed;
                }
            }
            min_gallop += 1;
            self.min_gallop = min_gallop;
        }
    }
}

/// `ComputeMinRunLength`: `n` under 64; else between 32 and 64, such that `n` divided by it
/// is close to, and under, a power of two.
fn min_run_length(mut n: isize) -> isize {
    let mut r = 0;
    while n >= 64 {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// 5.2.0's `createItems` comparator over `position`s (`None`: `undefined`).
    fn by_position(a: &Option<f64>, b: &Option<f64>) -> f64 {
        match (a, b) {
            (Some(a), Some(b)) => a - b,
            (Some(_), None) => -1.0,
            (None, Some(_)) => 1.0,
            (None, None) => 0.0,
        }
    }

    /// A comparator that is no order at all: a fixed value per pair of original indices, `NaN`
    /// for one pair in eight.
    fn scrambled(a: &(usize, Option<f64>), b: &(usize, Option<f64>)) -> f64 {
        match (a.0 * 31 + b.0 * 17) % 8 {
            7 => f64::NAN,
            r => r as f64 - 3.0,
        }
    }

    /// 5.2.0's comparator, but for one pair in 23 that says "less" and one that says `NaN`:
    /// inconsistent here and there, including while merges gallop.
    fn sparsely_wrong(a: &(usize, Option<f64>), b: &(usize, Option<f64>)) -> f64 {
        match (a.0 * 31 + b.0 * 17) % 23 {
            0 => -1.0,
            1 => f64::NAN,
            _ => by_position(&a.1, &b.1),
        }
    }

    fn sorted_positions(positions: &[Option<f64>]) -> Vec<usize> {
        let mut items: Vec<(usize, Option<f64>)> = positions.iter().copied().enumerate().collect();
        sort_by(&mut items, |a, b| by_position(&a.1, &b.1));
        items.into_iter().map(|(i, _)| i).collect()
    }

    #[test]
    fn sorts_a_consistent_order_stably() {
        let positions = [Some(2.0), None, Some(-1.0), Some(2.0), None, Some(0.0)];
        assert_eq!(sorted_positions(&positions), [2, 5, 0, 3, 1, 4]);
        let many: Vec<Option<f64>> = (0..500).map(|i| Some(f64::from((i * 37) % 11))).collect();
        let order = sorted_positions(&many);
        let mut expected: Vec<usize> = (0..500).collect();
        expected.sort_by_key(|&i| (i * 37) % 11);
        assert_eq!(order, expected);
    }

    /// Node 20: `[info, a: "x", b: 2, c, d: "1", e: 1]` sorts to `a, d, e, b, info, c` (the
    /// comparator's `NaN` counts as `0`: `a` stays ahead of everything it meets).
    #[test]
    fn a_nan_from_the_comparator_counts_as_equal() {
        let positions = [None, Some(f64::NAN), Some(2.0), None, Some(1.0), Some(1.0)];
        assert_eq!(sorted_positions(&positions), [1, 4, 5, 2, 0, 3]);
    }

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Random positions: runs going up or down, alternating blocks, few or many distinct values,
    /// with `NaN`, infinities and `undefined` mixed in at random rates.
    fn random_positions(rng: &mut Rng) -> Vec<Option<f64>> {
        let length = match rng.below(10) {
            0..=1 => rng.below(12),
            2..=3 => rng.below(64),
            4..=8 => rng.below(201),
            _ => rng.below(1001),
        } as usize;
        let pattern = rng.below(5);
        let distinct = [2, 5, 50, 1000][rng.below(4) as usize];
        let nan_rate = [0, 1, 10, 30, 60][rng.below(5) as usize];
        let undefined_rate = [0, 10, 40][rng.below(3) as usize];
        let block = 1 + rng.below(40) as usize;
        (0..length)
            .map(|i| {
                let roll = rng.below(100);
                if roll < undefined_rate {
                    return None;
                }
                if rng.below(100) < nan_rate {
                    return Some(f64::NAN);
                }
                if rng.below(100) == 0 {
                    return Some(if rng.below(2) == 0 {
                        f64::INFINITY
                    } else {
                        f64::NEG_INFINITY
                    });
                }
                let value = match pattern {
                    0 => rng.below(distinct) as f64,
                    1 => (i + rng.below(3) as usize) as f64,
                    2 => (length - i) as f64,
                    3 => ((i / block) % 2 * 1000 + i % block) as f64,
                    _ => rng.below(distinct) as f64 / 2.0 - 10.0,
                };
                Some(value)
            })
            .collect()
    }

    fn as_json(position: &Option<f64>) -> Value {
        match position {
            None => Value::Null,
            Some(p) if p.is_finite() => json!(p),
            Some(p) => json!(p.to_string().replace("inf", "Infinity")),
        }
    }

    /// What Node's `Array.prototype.sort` makes of each case: the original indices in sorted
    /// order.
    fn sorted_by_node(cases: &[(&str, Vec<Option<f64>>)]) -> Vec<Vec<usize>> {
        use std::io::Write;
        let script = r#"
            const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
            const comparators = {
              position: (a, b) => a.p !== undefined && b.p !== undefined ? a.p - b.p
                : a.p !== undefined ? -1 : b.p !== undefined ? 1 : 0,
              scrambled: (a, b) => { const r = (a.i * 31 + b.i * 17) % 8; return r === 7 ? NaN : r - 3; },
              sparselyWrong: (a, b) => { const r = (a.i * 31 + b.i * 17) % 23;
                return r === 0 ? -1 : r === 1 ? NaN : comparators.position(a, b); },
            };
            const value = (v) => v === null ? undefined : Number(v);
            const sorted = cases.map(([name, values]) =>
              values.map((v, i) => ({ i, p: value(v) })).sort(comparators[name]).map((o) => o.i));
            process.stdout.write(JSON.stringify(sorted));
        "#;
        let input = Value::Array(
            cases
                .iter()
                .map(|(name, values)| json!([name, values.iter().map(as_json).collect::<Vec<_>>()]))
                .collect(),
        );
        let mut child = std::process::Command::new("node")
            .args(["-e", script])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("this test runs `node` (Node 20) to compare with V8's sort");
        let mut stdin = child.stdin.take().expect("stdin");
        let text = input.to_string();
        let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
        let output = child.wait_with_output().expect("node ran");
        writer.join().expect("writer").expect("written");
        assert!(output.status.success(), "node failed");
        serde_json::from_slice(&output.stdout).expect("node's answer")
    }

    const CASES: usize = 20_000;

    /// The port against Node's own sort on 20,000 random arrays (lengths 0 to 200, one in ten up
    /// to 1,000, so that merges gallop long enough for `minGallop` to reach 1) of positions
    /// mixing numbers, `NaN`, infinities and `undefined`, with 5.2.0's comparator, with it
    /// wrong for one pair in 23, and with a comparator that is no order at all. Fixed seed.
    #[test]
    fn sorts_as_node_does() {
        let node_major = std::process::Command::new("node")
            .arg("--version")
            .output()
            .expect("this test runs `node`");
        assert!(
            String::from_utf8_lossy(&node_major.stdout).starts_with("v20."),
            "the port follows Node 20's V8"
        );
        let mut rng = Rng(0x005e_ed0f_0008);
        let names = ["position", "position", "scrambled", "sparselyWrong"];
        let cases: Vec<(&str, Vec<Option<f64>>)> = (0..CASES)
            .map(|n| (names[n % names.len()], random_positions(&mut rng)))
            .collect();
        let expected = sorted_by_node(&cases);
        assert_eq!(expected.len(), cases.len());
        for ((name, positions), node) in cases.iter().zip(&expected) {
            let ours = match *name {
                "position" => sorted_positions(positions),
                _ => {
                    let mut items: Vec<(usize, Option<f64>)> =
                        positions.iter().copied().enumerate().collect();
                    match *name {
                        "scrambled" => sort_by(&mut items, scrambled),
                        _ => sort_by(&mut items, sparsely_wrong),
                    }
                    items.into_iter().map(|(i, _)| i).collect()
                }
            };
            assert_eq!(&ours, node, "{name} {positions:?}");
        }
    }
}
