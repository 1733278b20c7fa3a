/** A unified line diff (LCS), enough to answer "what changed between two charter versions?". */
export function unifiedDiff(a: string, b: string, labelA: string, labelB: string, context = 3): string {
  const x = a.split('\n')
  const y = b.split('\n')
  const n = x.length
  const m = y.length
  const lcs: number[][] = Array.from({length: n + 1}, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])
  const ops: Array<{op: ' ' | '-' | '+'; text: string; ai: number; bi: number}> = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) ops.push({op: ' ', text: x[i], ai: i++, bi: j++})
    else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({op: '-', text: x[i], ai: i++, bi: j})
    else ops.push({op: '+', text: y[j], ai: i, bi: j++})
  }
  const changed = ops.map((o, k) => (o.op === ' ' ? -1 : k)).filter(k => k >= 0)
  if (changed.length === 0) return ''
  const out = [`--- ${labelA}`, `+++ ${labelB}`]
  let k = 0
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - context)
    let end = Math.min(ops.length, changed[k] + context + 1)
    while (k + 1 < changed.length && changed[k + 1] - context <= end) end = Math.min(ops.length, changed[++k] + context + 1)
    k++
    const hunk = ops.slice(start, end)
    const aLen = hunk.filter(o => o.op !== '+').length
    const bLen = hunk.filter(o => o.op !== '-').length
    out.push(`@@ -${hunk[0].ai + 1},${aLen} +${hunk[0].bi + 1},${bLen} @@`, ...hunk.map(o => `${o.op}${o.text}`))
  }
  return `${out.join('\n')}\n`
}
