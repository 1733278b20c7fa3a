import {chmodSync, appendFileSync, mkdirSync, renameSync, statSync} from 'node:fs'
import {join} from 'node:path'
import type {Ctx} from '../kernel/index.js'
import {buildEnvelope} from '../obligations/index.js'
import {setWakeWriter} from './wake-writer.js'

export const ROTATE_BYTES = 8 * 1024 * 1024

const NON_ASCII = /[\u007f-\uffff]/

/** Python json.dumps default separators (", " and ": ") with ASCII escaping, for notify lines. */
function pyDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') {
    const json = JSON.stringify(value)
    // Most text is ASCII: test before running the replacing scan.
    return NON_ASCII.test(json) ? json.replace(/[\u007f-\uffff]/g, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) : json
  }
  return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pyDumps(k)}: ${pyDumps(v)}`).join(', ')}}`
}

/** One line per message per member except the sender, built from the viewer's envelope. */
export function notifyLine(env: Record<string, unknown>): string {
  const flags: string[] = []
  const status = env.status as string
  if (env.critical) flags.push('critical')
  if (env.escalated) flags.push('escalated')
  if (env.to_me) flags.push('to-me')
  if (env.reply_to_me) flags.push('reply-to-me')
  if (env.addressed) flags.push('addressed')
  if (env.from_operator) flags.push('from-operator')
  if ((status === 'open' || status === 'blocked') && !env.addressed && !env.from_operator) flags.push('unassigned')
  if (env.retracted) flags.push('retracted')
  if (status === 'open' || status === 'blocked') flags.push(status)
  const line: Record<string, unknown> = {channel: env.channel, seq: env.seq, sender: env.sender, id: env.id, kind: env.kind,
    status, title: env.title, retracted: !!env.retracted, flags: flags.join(',')}
  const preview = typeof env.body === 'string' ? env.body.slice(0, 200) : ''
  if (preview) line.preview = preview
  const attachments = Array.isArray(env.attachments) ? env.attachments.length : 0
  if (attachments > 0) line.attachments = attachments
  return pyDumps(line)
}

export function startNotify(ctx: Ctx, dir: string): {stop(): void} {
  const repaired = new Set<string>()
  let failing = false
  // The directory is made once and each file's size tracked after one stat, so a line costs one append, not five
  // system calls (a ring in a 20-seat room writes 20 lines). A failure forgets both and the write is tried again afresh.
  let dirReady = false
  const sizes = new Map<string, {bytes: number; writes: number}>()
  const append = (file: string, line: string): void => {
    if (!dirReady) {
      mkdirSync(dir, {recursive: true, mode: 0o700})
      chmodSync(dir, 0o700)
      dirReady = true
    }
    let size = sizes.get(file)
    // Re-read the size before rotating and now and then (another hub process may append to the same file).
    if (!size || size.bytes > ROTATE_BYTES || size.writes >= 256) {
      let bytes = 0
      try {
        bytes = statSync(file).size
      } catch {
        // no file yet
      }
      size = {bytes, writes: 0}
      if (bytes > ROTATE_BYTES) {
        renameSync(file, `${file}.1`)
        chmodSync(`${file}.1`, 0o600)
        repaired.delete(file)
        size.bytes = 0
      }
    }
    appendFileSync(file, line, {mode: 0o600})
    sizes.set(file, {bytes: size.bytes + Buffer.byteLength(line), writes: size.writes + 1})
  }
  const write = (agent: string, text: string): void => {
    const file = join(dir, `${agent}-inbox.log`)
    try {
      try {
        append(file, text + '\n')
      } catch {
        // Nothing was appended (append throws only before it writes): start afresh once.
        dirReady = false
        sizes.delete(file)
        append(file, text + '\n')
      }
      if (!repaired.has(file)) {
        chmodSync(file, 0o600)
        repaired.add(file)
      }
      failing = false
    } catch (err) {
      if (!failing) process.stderr.write(`agora hub: notify write failed for ${agent}: ${(err as Error).message}\n`)
      failing = true
    }
  }
  // Envelopes read the store (async); lines are still appended in publish order, one message at a time.
  let chain: Promise<void> = Promise.resolve()
  const off = ctx.bus.on(m => {
    const members = ctx.cache.membersOf(m.channel).filter(member => member.agent_id !== m.sender)
    chain = chain.then(async () => {
      for (const member of members) write(member.agent_id, notifyLine(await buildEnvelope(ctx, m, member.agent_id)))
    }).catch((err: unknown) => {
      process.stderr.write(`agora hub: notify line failed: ${(err as Error).message}\n`)
    })
  })
  // Re-emitted wakes join the same chain, so a wake line never overtakes the post lines before it.
  setWakeWriter(ctx, (agent, m) => {
    chain = chain.then(async () => write(agent, notifyLine(await buildEnvelope(ctx, m, agent)))).catch((err: unknown) => {
      process.stderr.write(`agora hub: wake line failed: ${(err as Error).message}\n`)
    })
  })
  return {stop: () => { off(); setWakeWriter(ctx, null) }}
}
