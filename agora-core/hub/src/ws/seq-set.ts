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
    const i = this.runBefore(seq)
    return i >= 0 && this.runs[i][1] >= seq
  }

  add(seq: number): void {
    const runs = this.runs
    const i = this.runBefore(seq)
    if (i >= 0 && runs[i][1] >= seq) return
    const joinsLeft = i >= 0 && runs[i][1] === seq - 1
    const joinsRight = i + 1 < runs.length && runs[i + 1][0] === seq + 1
    if (joinsLeft && joinsRight) {
      runs[i][1] = runs[i + 1][1]
      runs.splice(i + 1, 1)
    } else if (joinsLeft) runs[i][1] = seq
    else if (joinsRight) runs[i + 1][0] = seq
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
    if (hi < 0 || runs[hi][0] <= seq) return hi
    let lo = 0
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (runs[mid][0] <= seq) lo = mid
      else hi = mid - 1
    }
    return runs[lo][0] <= seq ? lo : -1
  }
}
