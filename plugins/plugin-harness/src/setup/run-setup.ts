import {applyMission, extractMission} from '@agora/home'
import {realpathSync} from 'node:fs'
import {join} from 'node:path'
import {trustAgoraHooks, trustFile} from './hook-trust.js'
import {reason, fetchMission, joinChannels, resolveSeatKey} from './hub.js'
import {mcpSelfCheck} from './mcp-runtime.js'
import {planSetup} from './plan.js'
import type {Plan} from './plan.js'
import {installSkill} from './skill.js'
import type {SetupInput, SetupResult} from './types.js'

/** Mirror the live mission into every rule file (best effort: an unreachable hub keeps what is there). */
async function mirrorMission(plan: Plan, input: SetupInput, key: string | undefined, notes: string[]): Promise<SetupResult['mission']> {
  let mission: string | null | undefined
  if (!key) notes.push(`note: mission not mirrored — no key for ${input.seatId} at ${input.url} yet (agora drive mirrors it later)`)
  else {
    try {
      mission = await fetchMission(input.url, key)
    } catch (error) {
      notes.push(`note: mission not mirrored — ${input.url} did not answer (${reason(error)}); re-run setup when the hub is up`)
    }
  }
  for (const rule of plan.ruleFiles) {
    const text = plan.stage.read(rule.path) ?? ''
    if (mission !== undefined) plan.stage.write(rule.path, applyMission(text, mission))
    else if (rule.wholeFile) {
      const kept = extractMission(rule.previous)
      if (kept) plan.stage.write(rule.path, applyMission(text, null, kept))
    }
  }
  if (mission === undefined) return 'skipped'
  return mission && mission.trim() ? 'mirrored' : 'none'
}

/** Harnesses that run only trusted hooks (workspace.hooks.trust) get agora's handlers recorded as trusted in their user config. */
function recordHookTrust(plan: Plan, input: SetupInput, notes: string[], issues: string[]): void {
  for (const h of input.harnesses) {
    const hooks = h.workspace.hooks
    const text = hooks?.trust ? plan.stage.read(hooks.path) : undefined
    if (!hooks?.trust || text === undefined) continue
    const file = trustFile(hooks.trust, input.env, input.userHome)
    try {
      const count = trustAgoraHooks(hooks.trust, file, join(realpathSync(input.workspace), hooks.path), JSON.parse(text) as Record<string, unknown>, input)
      notes.push(`note: ${h.name} runs only hooks it trusts; agora's ${count} hook(s) in ${hooks.path} are recorded as trusted in ${file}`)
    } catch (error) {
      issues.push(`${h.name}'s hooks were written but not trusted (${(error as Error).message}); ${h.name} will skip them until you review them in its /hooks view`)
    }
  }
}

/**
 * Wire the workspace for the selected harnesses. Planning refuses (SetupRefusal) before any write;
 * afterwards problems become `issues` and the status says NEEDS ACTION.
 */
export async function runSetup(input: SetupInput): Promise<SetupResult> {
  const plan = planSetup(input)
  const notes = [...plan.notes]
  const issues: string[] = []
  const selfCheck = mcpSelfCheck(input.mcpCommand)
  let key: string | undefined
  try {
    key = await resolveSeatKey(input.home, input.url, input.seatId, input.about, input.env)
  } catch (error) {
    notes.push(`note: ${reason(error)}`)
  }
  const mission = await mirrorMission(plan, input, key, notes)
  const files = plan.stage.commit()
  if (input.hooks) recordHookTrust(plan, input, notes, issues)
  const skills = installSkill(input.assetsDir, input.userHome, input.harnesses.map((h) => h.workspace.skillDir))
  const channels = {joined: [] as string[], failed: [] as string[]}
  if (input.channels.length > 0) {
    if (key) Object.assign(channels, await joinChannels(input.url, key, input.channels))
    else channels.failed.push(`no key for ${input.seatId} at ${input.url}: run \`agora register ${input.seatId}\` (operator) or pipe its key into \`agora seed-key ${input.seatId}\`, then re-run with --channels`)
  }
  issues.push(...channels.failed)
  const mcpProblem = await selfCheck
  if (mcpProblem) issues.unshift(mcpProblem)
  return {
    agentId: input.seatId,
    url: input.url,
    workspace: input.workspace,
    harnesses: input.harnesses.map((h) => h.name).sort(),
    hooks: input.hooks,
    agora: input.agora,
    mcpCommand: input.mcpCommand,
    files,
    skills,
    mission,
    channels,
    notes,
    issues,
    status: issues.length === 0 ? 'READY' : 'NEEDS ACTION',
  }
}
