import type {EvidenceSpec} from './evidence-spec.js'
import {isRecord, matches, parseNdjson, readPath} from './json-path.js'

/**
 * The model's words in a turn's stream, read by the declaration's `assistantText` rules: deltas
 * grow the open message, a whole record replaces it, and a tool event closes it, so text written
 * before a tool call never leaks into the answer written after it. `final` is the last message:
 * the turn's answer, as a client that asked the question expects to receive it.
 */
export class AssistantText {
  private current = ''
  private open = false
  private last: string | null = null

  constructor(private readonly spec: EvidenceSpec | null) {}

  /** Whether this declaration says where its text is at all. */
  get readable(): boolean {
    return (this.spec?.assistantText?.length ?? 0) > 0
  }

  /** Feed one parsed stream object; returns the text it added (for a live `assistant` event), or null. */
  object(value: Record<string, unknown>): string | null {
    if (!this.spec) return null
    if (this.spec.toolEvents.some((rule) => matches(value, rule.match))) {
      this.open = false
      return null
    }
    for (const rule of this.spec.assistantText ?? []) {
      if (!matches(value, rule.match)) continue
      const text = readPath(value, rule.path)
      if (typeof text !== 'string' || text === '') return null
      this.current = rule.delta && this.open ? this.current + text : text
      this.open = rule.delta === true
      this.last = this.current
      return text
    }
    return null
  }

  /** Feed one raw stream line (non-JSON lines say nothing). */
  line(text: string): string | null {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return null
    }
    return isRecord(value) ? this.object(value) : null
  }

  /** The last message, or null when the model wrote none. */
  get final(): string | null {
    return this.last
  }
}

/** The final assistant message of a whole stdout, or null. */
export function finalAssistantText(spec: EvidenceSpec | null, stdout: string): string | null {
  const reader = new AssistantText(spec)
  for (const object of parseNdjson(stdout)) reader.object(object)
  return reader.final
}
