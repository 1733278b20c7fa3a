/** Percentile by nearest rank over a copy of the samples (ms). */
export function pct(samples: number[], p: number): number {
  if (samples.length === 0) return NaN
  const s = [...samples].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

export const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : String(x))

export function line(label: string, value: string, goal = ''): void {
  console.log(`${label.padEnd(44)} ${value.padStart(14)}   ${goal}`)
}
