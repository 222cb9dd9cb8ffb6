// Pattern matching for normalized rule patterns: `*` matches any run of octets, a trailing `$`
// anchors the end, everything else is a literal prefix match. A set of candidate positions is
// advanced per pattern character (as in Google's reference matcher) so hostile patterns such as
// "/*a*a*a*a*b" cannot cause regex-style backtracking: cost is O(pattern × path).

const STAR = 42;
const DOLLAR = 36;

// The candidate positions, reused from call to call (matching is synchronous): two fresh arrays per call were, when
// judging a million URLs against a `*` rule (the robots.txt impact), millions of small off-heap buffers that only a
// full collection frees, and most of that run's peak memory.
const SCRATCH_MAX = 16_384;
let posScratch = new Int32Array(256);
let nextScratch = new Int32Array(256);

export function patternMatches(path: string, pattern: string): boolean {
  const anchored = pattern.length > 0 && pattern.charCodeAt(pattern.length - 1) === DOLLAR;
  const body = anchored ? pattern.slice(0, -1) : pattern;
  if (body.indexOf("*") < 0) return anchored ? path === body : path.startsWith(body);

  const len = path.length;
  // A path longer than any seen so far grows the scratch arrays, up to SCRATCH_MAX; a longer one gets its own.
  if (posScratch.length <= len && len < SCRATCH_MAX) {
    posScratch = new Int32Array(Math.min(SCRATCH_MAX, 2 * (len + 1)));
    nextScratch = new Int32Array(posScratch.length);
  }
  const own = posScratch.length <= len;
  let pos = own ? new Int32Array(len + 1) : posScratch;
  let next = own ? new Int32Array(len + 1) : nextScratch;
  let n = 1;
  pos[0] = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === STAR) {
      const start = pos[0];
      n = len - start + 1;
      for (let k = 0; k < n; k++) pos[k] = start + k;
      continue;
    }
    let m = 0;
    for (let k = 0; k < n; k++) {
      const p = pos[k];
      if (p < len && path.charCodeAt(p) === c) next[m++] = p + 1;
    }
    if (m === 0) return false;
    const swap = pos;
    pos = next;
    next = swap;
    n = m;
  }
  return anchored ? pos[n - 1] === len : true;
}
