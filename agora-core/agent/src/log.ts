/**
 * Progress and diagnostics leave the runner only through this hook, never through console: a
 * program that embeds an agent decides where its lines go (and whether debug lines exist at all).
 */
export type AgentLogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface AgentLogEntry {
  level: AgentLogLevel
  /** A stable word to filter on: ready, handled, skipped, refused, failed, backoff, reconnect, stopped, … */
  event: string
  /** One sentence for a human, when the fields alone do not say it. */
  detail?: string
  [field: string]: unknown
}

export type AgentLogger = (entry: AgentLogEntry) => void

const LEVELS: AgentLogLevel[] = ['debug', 'info', 'warn', 'error']

/** `AGORA_AGENT event=handled seat=echo channel=room seq=4 …` — one greppable line per entry. */
export function formatLogLine(entry: AgentLogEntry): string {
  const {level, event, detail, ...fields} = entry
  const parts = [`AGORA_AGENT event=${event}`]
  if (level === 'warn' || level === 'error') parts.push(`level=${level}`)
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue
    const text = String(value)
    parts.push(`${key}=${/^[^\s"=]+$/.test(text) ? text : JSON.stringify(text)}`)
  }
  if (detail) parts.push(`detail=${JSON.stringify(detail)}`)
  return parts.join(' ')
}

/** A logger that writes formatted lines to a stream (stderr by default), from `minLevel` up. */
export function lineLogger(options: {stream?: NodeJS.WritableStream; minLevel?: AgentLogLevel} = {}): AgentLogger {
  const stream = options.stream ?? process.stderr
  const floor = LEVELS.indexOf(options.minLevel ?? 'info')
  return (entry) => {
    if (LEVELS.indexOf(entry.level) >= floor) stream.write(`${formatLogLine(entry)}\n`)
  }
}

export const silentLogger: AgentLogger = () => {}
