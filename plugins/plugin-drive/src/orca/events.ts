import {bareToolName, firstString, matches, readPath} from '@agora/contract'
import type {EvidenceSpec} from '@agora/contract'

/** One Orca v1 event, before the server stamps `ts`. */
export type OrcaEvent = {type: string} & Record<string, unknown>

/**
 * Translate the drive harness's evidence lines into Orca events as they arrive: a tool's start
 * becomes `tool_call`, its outcome `tool_result`, per the declaration's own evidence rules. Lines
 * that are not tool activity say nothing (the turn's lifecycle is reported as `progress`).
 */
export class EvidenceToOrca {
  private seq = 0
  private readonly open = new Map<string, string>()

  constructor(private readonly spec: EvidenceSpec | null, private readonly emit: (event: OrcaEvent) => void) {}

  line(text: string): void {
    if (!this.spec) return
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return
    const object = value as Record<string, unknown>
    for (const rule of this.spec.toolEvents) {
      if (!matches(object, rule.match)) continue
      const items = rule.each ? ((readPath(object, rule.each.path) as unknown[] | undefined) ?? []).filter((i) => i && typeof i === 'object' && matches(i as Record<string, unknown>, rule.each!.match)) : [object]
      for (const item of items as Array<Record<string, unknown>>) this.toolEvent(rule.role, item, rule)
      return
    }
  }

  private toolEvent(role: 'complete' | 'call' | 'result', item: Record<string, unknown>, rule: EvidenceSpec['toolEvents'][number]): void {
    const rawName = rule.name ? firstString(item, rule.name) : null
    const id = (rule.id ? String(readPath(item, rule.id) ?? '') : '') || `tool-${++this.seq}`
    const name = rawName ?? this.open.get(id) ?? 'tool'
    // agora's tools as the Orca library names them (mcp__agora__<tool>), whether the harness prefixed them or marked them by server.
    const bare = bareToolName(name, this.spec!.toolNamePrefixes) ?? (rule.agora && matches(item, rule.agora) ? name : null)
    const toolName = bare ? `mcp__agora__${bare}` : name
    const failed = (rule.failed ?? []).some((m) => matches(item, m))
    const output = rule.output ? readPath(item, rule.output) : undefined
    if (role === 'call' || role === 'complete') {
      this.open.set(id, name)
      this.emit({type: 'tool_call', toolCallId: id, toolName})
    }
    if (role === 'result' || role === 'complete') {
      this.open.delete(id)
      this.emit({type: 'tool_result', toolCallId: id, ...(output === undefined ? {} : {output}), isError: failed})
    }
  }
}
