/**
 * The ACP turn's evidence: one JSON object a line (the shape the contract's ACP_EVIDENCE reads),
 * plus agora's own narration for stderr. Lines reach `onLine` as they are recorded.
 */
export class TurnRecord {
  private readonly lines: string[] = []
  private readonly notes: string[] = []

  constructor(private readonly onLine?: (line: string) => void) {}

  add(entry: Record<string, unknown>): void {
    const line = JSON.stringify(entry)
    this.lines.push(line)
    this.onLine?.(line)
  }

  error(message: string): void {
    this.add({acp: 'error', message})
  }

  /** A line for stderr (a refused tool, say), after the agent's own stderr. */
  note(line: string): void {
    this.notes.push(line)
  }

  get stopped(): boolean {
    return this.lines.some((line) => line.startsWith('{"acp":"stop"'))
  }

  stdout(): string {
    return this.lines.map((line) => `${line}\n`).join('')
  }

  stderr(agentStderr: string): string {
    return agentStderr + this.notes.map((note) => `${note}\n`).join('')
  }
}
