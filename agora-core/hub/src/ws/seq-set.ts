/**
 * The seqs of one channel a connection has already accounted for (sent, or the viewer's own), as
 * sorted disjoint runs. A single high-water is not enough: a live push can land above seqs the
 * backlog has not sent yet, and a high-water would then skip them for good. Channel seqs are
 * contiguous, so runs merge as they fill and memory stays a handful of pairs per channel.
 */
export class SeqSet {
  /** Sorted, disjoint, non-adjacent [lo, hi] runs. */
  private readonly runs: Array<[number, number]> = []

  has(seq: number): boolean {
    const run = this.runs[this.runBefore(seq)] // undefined at index -1
    return run !== undefined && run[1] >= seq
  }

  add(seq: number): void {
    const runs = this.runs
    const i = this.runBefore(seq)
    const left = runs[i], right = runs[i + 1] // the runs around seq; undefined past either end
    if (left !== undefined && left[1] >= seq) return
    const joinsLeft = left !== undefined && left[1] === seq - 1
    const joinsRight = right !== undefined && right[0] === seq + 1
    if (joinsLeft && joinsRight) {
      left[1] = right[1]
      runs.splice(i + 1, 1)
    } else if (joinsLeft) left[1] = seq
    else if (joinsRight) right[0] = seq
    else runs.splice(i + 1, 0, [seq, seq])
  }

  /** How many runs are held (for tests: contiguous seqs collapse into one). */
  get size(): number {
    return this.runs.length
  }

  /** Index of the last run starting at or below seq, or -1. Live pushes append, so check the tail first. */
  private runBefore(seq: number): number {
    const runs = this.runs
    let hi = runs.length - 1
    const last = runs[hi]
    if (last === undefined || last[0] <= seq) return hi
    let lo = 0
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (runs[mid]![0] <= seq) lo = mid // 0 <= lo < mid <= hi < runs.length
      else hi = mid - 1
    }
    const first = runs[lo]
    return first !== undefined && first[0] <= seq ? lo : -1
  }
}
