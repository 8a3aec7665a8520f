/**
 * "Did you mean" for a name an editor mistyped: the known name nearest to it
 * by edit distance, when it is near enough to be the one meant. Written here
 * rather than taken from a package: it runs only when an error is reported,
 * over a few dozen names, and counts a swap of two letters (`/contcat`) as
 * one edit, which plain Levenshtein packages count as two.
 */

/** The candidate nearest to `typed`, or undefined when none is close (about a third of its letters at most). */
export function closest(typed: string, candidates: Iterable<string>): string | undefined {
  const wanted = typed.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === typed) continue;
    const distance = editDistance(wanted, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The hint text for a suggestion, or undefined when there is none. */
export function didYouMean(typed: string, candidates: Iterable<string>, quote = true): string | undefined {
  const match = closest(typed, candidates);
  if (match === undefined) return undefined;
  return `did you mean ${quote ? JSON.stringify(match) : match}?`;
}

/**
 * Insertions, deletions, substitutions and swaps of neighbours (optimal
 * string alignment) that turn `a` into `b`; stops early at `cap`.
 */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum >= cap) return cap;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}
