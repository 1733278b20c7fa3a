import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {applyMission} from '@agora/home'

export type MirrorResult = {file: string; chars: number} | {skipped: 'no-rule-file' | 'no-mission'}

/**
 * Mirror the seat's live mission into the workspace rule file, which the framework composes into
 * its prompt (a mission seen only in a tool result does not survive compaction). Only an existing
 * rule file is touched: the block is replaced in place, else appended; an empty mission removes it.
 */
export function mirrorMission(workspace: string, ruleFile: string, mission: string): MirrorResult {
  const path = join(workspace, ruleFile)
  if (!existsSync(path)) return {skipped: 'no-rule-file'}
  const text = readFileSync(path, 'utf8')
  const next = applyMission(text, mission)
  if (next !== text) writeFileSync(path, next)
  const trimmed = mission.trim()
  return trimmed ? {file: path, chars: trimmed.length} : {skipped: 'no-mission'}
}
