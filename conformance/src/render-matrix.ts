import type {HarnessCheckReport} from './types.js'

/** What `harness-check <a> <b> … --json` and `--all --json` print: every report, and one verdict. */
export interface HarnessCheckMatrix {
  /** True only when every checked harness is drivable (exit 0). */
  drivable: boolean
  reports: HarnessCheckReport[]
}

export function matrixOf(reports: HarnessCheckReport[]): HarnessCheckMatrix {
  return {drivable: reports.every((report) => report.drivable), reports}
}

/** One row per harness, then the count a CI log needs: how many are drivable, and the exit code. */
export function renderMatrix(matrix: HarnessCheckMatrix): string {
  const width = Math.max(7, ...matrix.reports.map((report) => report.harness.length))
  const verdictWidth = 'DRIVABLE WITH LIMITATIONS'.length
  const row = (name: string, verdict: string, cells: Array<string | number>) =>
    `  ${name.padEnd(width)}  ${verdict.padEnd(verdictWidth)}  ${cells.map((cell) => String(cell).padStart(4)).join(' ')}`
  const lines = [row('harness', 'verdict', ['pass', 'warn', 'fail', 'skip'])]
  for (const {harness, verdict, counts, unmet} of matrix.reports) {
    const cells = [counts.pass, counts.warn, counts.fail, counts.skip]
    lines.push(row(harness, verdict, cells) + (unmet.length > 0 ? `  unmet: ${unmet.join(', ')}` : ''))
  }
  const drivable = matrix.reports.filter((report) => report.drivable).length
  lines.push('', `${drivable} of ${matrix.reports.length} drivable; exit ${matrix.drivable ? 0 : 1}`)
  return lines.join('\n')
}
