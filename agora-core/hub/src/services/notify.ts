import {chmodSync, appendFileSync, mkdirSync, renameSync, statSync} from 'node:fs'
import {join} from 'node:path'
import type {Ctx} from './context.js'
import {buildEnvelope} from './envelopes.js'

export const ROTATE_BYTES = 8 * 1024 * 1024

/** Python json.dumps default separators (", " and ": ") with ASCII escaping, for notify lines. */
function pyDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') {
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
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
  const write = (agent: string, text: string): void => {
    const file = join(dir, `${agent}-inbox.log`)
    try {
      mkdirSync(dir, {recursive: true, mode: 0o700})
      chmodSync(dir, 0o700)
      try {
        if (statSync(file).size > ROTATE_BYTES) {
          renameSync(file, `${file}.1`)
          chmodSync(`${file}.1`, 0o600)
          repaired.delete(file)
        }
      } catch {
        // no file yet
      }
      appendFileSync(file, text + '\n', {mode: 0o600})
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
  return {stop: off}
}
