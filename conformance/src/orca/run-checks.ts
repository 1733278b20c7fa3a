import {ORCA_CHECKS} from './checks.js'
import type {OrcaCheck, OrcaStatus} from './checks.js'

export interface OrcaCheckResult {
  id: string
  title: string
  status: OrcaStatus
  detail: string
}

export interface OrcaReport {
  url: string
  conformant: boolean
  pass: number
  fail: number
  skip: number
  checks: OrcaCheckResult[]
}

/** Run every check in order; a check that throws is a FAIL naming the error, never a crash. */
export async function runOrcaChecks(url: string, options: {timeoutMs?: number; runTimeoutMs?: number; checks?: OrcaCheck[]; onResult?: (r: OrcaCheckResult) => void} = {}): Promise<OrcaReport> {
  const memo = new Map<string, Promise<unknown>>()
  const ctx = {
    url: url.replace(/\/+$/, ''), timeoutMs: options.timeoutMs ?? 10_000, runTimeoutMs: options.runTimeoutMs ?? 300_000,
    once: <T>(key: string, fetch: () => Promise<T>): Promise<T> => {
      if (!memo.has(key)) memo.set(key, fetch())
      return memo.get(key) as Promise<T>
    },
  }
  const checks: OrcaCheckResult[] = []
  for (const check of options.checks ?? ORCA_CHECKS) {
    const outcome = await check.run(ctx).catch((error: Error) => ({status: 'FAIL' as const, detail: `no answer: ${error.message}`}))
    const result = {id: check.id, title: check.title, ...outcome}
    checks.push(result)
    options.onResult?.(result)
  }
  const count = (s: OrcaStatus) => checks.filter((c) => c.status === s).length
  return {url: ctx.url, conformant: count('FAIL') === 0, pass: count('PASS'), fail: count('FAIL'), skip: count('SKIP'), checks}
}

/** The report as text: one line a check, then the verdict. */
export function renderOrcaText(report: OrcaReport): string {
  const width = Math.max(...report.checks.map((c) => c.title.length))
  const lines = [`agora orca-check — ${report.url}`, '']
  for (const c of report.checks) lines.push(`  ${c.id.padEnd(4)} ${c.title.padEnd(width)}  ${c.status} ${c.detail}`)
  lines.push('', `VERDICT: ${report.conformant ? 'CONFORMANT (orca-harness/v1)' : 'NOT CONFORMANT'}`, `  ${report.pass} pass, ${report.fail} fail, ${report.skip} skipped`)
  return lines.join('\n')
}
