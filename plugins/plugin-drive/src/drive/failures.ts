import {appendFileSync, chmodSync, closeSync, openSync, readFileSync, statSync, writeFileSync} from 'node:fs'

/** Bearer-shaped strings are redacted from everything agora writes about a turn. */
export function redact(text: string): string {
  return text.replace(/\bagora_[A-Za-z0-9_-]{32,}\b/g, 'agora_[REDACTED]')
}

export interface FailureRecord {
  ts: number
  agent: string
  harness: string
  kind: string
  stage: string | null
  reason: string | null
  detail: string
}

export const LEDGER_CAP_BYTES = 1_000_000
export const LEDGER_KEEP_BYTES = 500_000

/**
 * Append one failed turn to drive-<id>.failures.jsonl (0600). Past the cap the file keeps its
 * newest half, starting at a whole line, so the ledger never grows without bound.
 */
export function appendFailure(path: string, record: FailureRecord, cap = LEDGER_CAP_BYTES, keep = LEDGER_KEEP_BYTES): void {
  const line = JSON.stringify({...record, detail: redact(record.detail).slice(0, 200)}) + '\n'
  let size = 0
  try {
    size = statSync(path).size
  } catch {
    closeSync(openSync(path, 'a', 0o600))
  }
  if (size + Buffer.byteLength(line) > cap) {
    const text = readFileSync(path)
    const tail = text.subarray(Math.max(0, text.length - keep))
    const cut = tail.indexOf(0x0a)
    writeFileSync(path, cut >= 0 && text.length > keep ? tail.subarray(cut + 1) : tail, {mode: 0o600})
  }
  appendFileSync(path, line, {mode: 0o600})
  chmodSync(path, 0o600)
}
