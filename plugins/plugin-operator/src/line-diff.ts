/** A unified line diff (LCS), enough to answer "what changed between two charter versions?". */
export function unifiedDiff(a: string, b: string, labelA: string, labelB: string, context = 3): string {
  const x = a.split('\n')
  const y = b.split('\n')
  const n = x.length
  const m = y.length
  // lcs[i][j]: how many lines x[i..] and y[j..] share in order; an empty suffix (past either end) shares 0.
  const lcs: number[][] = []
  const common = (i: number, j: number): number => lcs[i]?.[j] ?? 0
  for (let i = n - 1; i >= 0; i--) {
    const row: number[] = []
    for (let j = m - 1; j >= 0; j--) row[j] = x[i] === y[j] ? common(i + 1, j + 1) + 1 : Math.max(common(i + 1, j), row[j + 1] ?? 0)
    lcs[i] = row
  }
  const ops: Array<{op: ' ' | '-' | '+'; text: string; ai: number; bi: number}> = []
  let i = 0
  let j = 0
  for (;;) {
    const xi = x[i], yj = y[j] // undefined once that side is used up
    if (xi !== undefined && xi === yj) ops.push({op: ' ', text: xi, ai: i++, bi: j++})
    else if (xi !== undefined && (yj === undefined || common(i + 1, j) >= common(i, j + 1))) ops.push({op: '-', text: xi, ai: i++, bi: j})
    else if (yj !== undefined) ops.push({op: '+', text: yj, ai: i, bi: j++})
    else break
  }
  // Each change with `context` lines around it; changes whose context windows touch share one hunk.
  const windows: Array<{start: number; end: number}> = []
  ops.forEach((o, k) => {
    if (o.op === ' ') return
    const start = Math.max(0, k - context), end = Math.min(ops.length, k + context + 1)
    const last = windows.at(-1)
    if (last !== undefined && start <= last.end) last.end = end
    else windows.push({start, end})
  })
  if (windows.length === 0) return ''
  const out = [`--- ${labelA}`, `+++ ${labelB}`]
  for (const {start, end} of windows) {
    const hunk = ops.slice(start, end)
    const first = hunk[0]! // start <= its change < end: never empty
    const aLen = hunk.filter(o => o.op !== '+').length
    const bLen = hunk.filter(o => o.op !== '-').length
    out.push(`@@ -${first.ai + 1},${aLen} +${first.bi + 1},${bLen} @@`, ...hunk.map(o => `${o.op}${o.text}`))
  }
  return `${out.join('\n')}\n`
}
