import {mkdtempSync, rmSync, appendFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {spawnSync} from 'node:child_process'

/** A fresh 0700 AGORA_HOME per test, removed afterwards by `cleanup`. */
export function tempHome(): {home: string; cleanup(): void} {
  const home = mkdtempSync(join(tmpdir(), 'agora-drive-home-'))
  return {home, cleanup: () => rmSync(home, {recursive: true, force: true})}
}

const ascii = (text: string): string => text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** One notify line exactly as the hub writes it: Python json.dumps separators, ASCII-escaped, fixed key order. */
export function notifyLine(fields: {channel: string; seq: number; sender: string; id: string; kind?: string; status?: string; title?: string; retracted?: boolean; flags?: string; preview?: string; attachments?: number}): string {
  const ordered: Array<[string, unknown]> = [
    ['channel', fields.channel], ['seq', fields.seq], ['sender', fields.sender], ['id', fields.id],
    ['kind', fields.kind ?? 'message'], ['status', fields.status ?? 'fyi'], ['title', fields.title ?? ''],
    ['retracted', fields.retracted ?? false], ['flags', fields.flags ?? ''],
  ]
  if (fields.preview) ordered.push(['preview', fields.preview])
  if (fields.attachments) ordered.push(['attachments', fields.attachments])
  return '{' + ordered.map(([k, v]) => `${JSON.stringify(k)}: ${ascii(JSON.stringify(v))}`).join(', ') + '}'
}

export function appendNotify(path: string, ...lines: string[]): void {
  appendFileSync(path, lines.map((l) => l + '\n').join(''), {mode: 0o600})
}

/** A pid that certainly belonged to a process which has exited. */
export function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
