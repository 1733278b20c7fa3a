import {bareToolName} from '@agora/contract'
import type {EvidenceSpec} from '@agora/contract'

import {DriveRefusal} from '../drive/arm.js'
import {EvidenceToOrca} from '../orca/events.js'
import {openRigRunner, RUNNER_SECRETS} from './runner.js'
import type {OpenRigRunner} from './runner.js'

const PRODUCER = 'agora drive 0.1.0; agora-runner 1'

/**
 * `agora drive --openrig`: the runner, and the operator env the turns get (the activity token
 * removed: it belongs to the runner's POST client, never to the agent). On a restore,
 * OPENRIG_RESUME_REF must name this same seat; another one is refused rather than replaced.
 */
export function openRigFor(launchId: string | null, seat: string, ctx: {env: NodeJS.ProcessEnv; out(line: string): void}): {runner: OpenRigRunner; turnEnv: NodeJS.ProcessEnv} {
  const resume = ctx.env.OPENRIG_RESUME_REF?.trim()
  if (resume && resume !== `agora:${seat}`) {
    throw new DriveRefusal(`OPENRIG_RESUME_REF is ${resume}, but this runner drives agora:${seat}; restore the seat it names (--as ${resume.replace(/^agora:/, '')}), never another`)
  }
  const runner = openRigRunner({env: ctx.env, launchId, producer: PRODUCER, out: ctx.out})
  ctx.out(`AGORA_DRIVE event=openrig status=${runner.endpoint ? 'ok' : 'no-endpoint'} agent=${seat} activity=${runner.endpoint ? `${runner.endpoint.base} source=${runner.endpoint.source}` : 'none (set OPENRIG_URL and OPENRIG_ACTIVITY_HOOK_TOKEN, or OPENRIG_HOME)'} launch_id=${launchId ?? '-'}`)
  const turnEnv = {...ctx.env}
  for (const name of RUNNER_SECRETS) delete turnEnv[name]
  return {runner, turnEnv}
}

/**
 * An evidence-line reader for the runner: each tool start by its bare name when it is agora's, and
 * each permission request the harness refused (the ACP transport records its answer per request).
 */
export function runnerEvidence(spec: EvidenceSpec | null, runner: Pick<OpenRigRunner, 'toolSeen' | 'permission'>): (line: string) => void {
  const reader = new EvidenceToOrca(spec, (event) => {
    if (event.type !== 'tool_call') return
    const name = String(event.toolName)
    runner.toolSeen(bareToolName(name, ['mcp__agora__']) ?? name)
  })
  return (line) => {
    reader.line(line)
    if (!line.includes('"permission"')) return
    try {
      const record = JSON.parse(line) as {acp?: unknown; refused?: unknown; title?: unknown; kind?: unknown; answer?: unknown}
      if (record.acp === 'permission' && record.refused === true) runner.permission({title: String(record.title), kind: String(record.kind), answer: String(record.answer)})
    } catch {
      // not a record line
    }
  }
}
