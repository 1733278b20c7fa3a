import type {SetupResult} from './types.js'

/** The human report: what changed, notes, skills, then the one status line (and its reasons). */
export function renderSetupText(result: SetupResult): string {
  const lines = [`agora setup ${result.agentId} → ${result.url} (${result.harnesses.join(', ')}) in ${result.workspace}`]
  for (const file of result.files) lines.push(`  ${file.action.padEnd(9)} ${file.path}`)
  for (const skill of result.skills) lines.push(`  skill     ${skill}`)
  if (!result.hooks) lines.push('  hooks     off (--no-hook): agora-owned hook entries removed')
  if (result.channels.joined.length > 0) lines.push(`  joined    ${result.channels.joined.join(', ')}`)
  lines.push(...result.notes)
  if (result.status === 'READY') {
    lines.push('status: READY')
    lines.push('next: open the harness here and say "start agora protocol"')
  } else {
    lines.push('status: NEEDS ACTION')
    for (const issue of result.issues) lines.push(`  - ${issue}`)
  }
  return lines.join('\n')
}
