/** Event types that end an Orca run; exactly one must come, last. */
const TERMINALS = new Set(['result', 'error'])

/**
 * The turn record of an Orca run: the worker's events verbatim, in order, plus the transport's own
 * `{"orca": …}` lines. Applies the stream rules as it goes: a non-JSON line, a second terminal or any
 * line after the first terminal is a finding (the first terminal is kept); a stream that ends with
 * no terminal is a `truncated` error.
 */
export class StreamJudge {
  private readonly lines: string[] = []
  /** The worker sent its terminal. */
  ended = false

  constructor(private readonly onLine?: (line: string) => void) {}

  record(value: Record<string, unknown>): void {
    const line = JSON.stringify(value)
    this.lines.push(line)
    this.onLine?.(line)
  }

  note(message: string): void {
    this.record({orca: 'finding', message})
  }

  error(message: string): void {
    this.record({orca: 'error', message})
  }

  /** One line from the worker. */
  line(text: string): void {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return this.note(`orca: a line that is not JSON was skipped: ${text.slice(0, 200)}`)
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return this.note(`orca: a line that is not a JSON object was skipped: ${text.slice(0, 200)}`)
    const type = (value as {type?: unknown}).type
    if (this.ended) {
      return this.note(`orca: protocol violation, ${TERMINALS.has(String(type)) ? 'a second terminal' : `a ${String(type)} event`} after the terminal was dropped`)
    }
    if (typeof type === 'string' && TERMINALS.has(type)) this.ended = true
    this.lines.push(text)
    this.onLine?.(text)
  }

  /** The stream ended on its own. */
  close(): void {
    if (!this.ended) this.error('orca: the stream ended without a result or error event (truncated)')
  }

  stdout(): string {
    return this.lines.map((l) => l + '\n').join('')
  }
}
