// The search benches' corpus and query mix, shared by `bench:search` and its `--base` A/B mode.
// A small vocabulary with a long tail: a few words are in most messages, most words in few.
export const ROOMS = ['ops', 'build', 'design', 'release', 'support']
export const COMMON = ['the', 'build', 'tests', 'deploy', 'release', 'review', 'fix', 'update', 'plan', 'parser']
export const TAIL = Array.from({length: 2000}, (_, i) => `w${i.toString(36)}x`)
export const KINDS = ['common word', 'rare word', 'common + rare', 'phrase', 'prefix*', 'two rare (relaxed)']

/** A seeded generator (the same seed gives the same messages and queries on every run and both hubs). */
export function corpus(seed = 42): {sentence(n: number): string; query(i: number): string} {
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() ** 2 * xs.length)]
  return {
    sentence: (n) => Array.from({length: n}, () => (rand() < 0.4 ? pick(COMMON) : pick(TAIL))).join(' '),
    // Query i is of kind i % 6 (KINDS).
    query: (i) => {
      const k = i % 6
      return k === 0 ? pick(COMMON) : k === 1 ? pick(TAIL) : k === 2 ? `${pick(COMMON)} ${pick(TAIL)}` : k === 3 ? `"${pick(COMMON)} ${pick(COMMON)}"`
        : k === 4 ? `${pick(TAIL).slice(0, 3)}*` : `${pick(TAIL)} ${pick(TAIL)}`
    },
  }
}
