import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

export const MISSION_BEGIN = '<!-- agora:mission:begin -->'
export const MISSION_END = '<!-- agora:mission:end -->'

/**
 * Mirror the seat's live mission into the workspace rule file, which the framework composes into
 * its prompt (a mission seen only in a tool result does not survive compaction). Only an existing
 * rule file is touched; the block is replaced in place, or added at the top.
 */
export function mirrorMission(workspace: string, ruleFile: string, mission: string): {file: string; chars: number} | {skipped: 'no-rule-file' | 'no-mission'} {
  const path = join(workspace, ruleFile)
  if (!existsSync(path)) return {skipped: 'no-rule-file'}
  const text = readFileSync(path, 'utf8')
  const trimmed = mission.trim()
  const block = trimmed ? `${MISSION_BEGIN}\n## Your standing mission (from the hub operator)\n\n${trimmed}\n${MISSION_END}\n` : ''
  const start = text.indexOf(MISSION_BEGIN)
  const end = text.indexOf(MISSION_END)
  let next: string
  if (start >= 0 && end > start) {
    const after = text.slice(end + MISSION_END.length).replace(/^\n/, '')
    next = text.slice(0, start) + block + after
  } else if (trimmed) next = block + '\n' + text
  else return {skipped: 'no-mission'}
  if (next !== text) writeFileSync(path, next)
  return trimmed ? {file: path, chars: trimmed.length} : {skipped: 'no-mission'}
}
