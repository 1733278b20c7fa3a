import {client} from '@agentclientprotocol/sdk'
import type {TransportProbe, TurnLaunch} from '@agora/contract'
import {startAgent} from './agent-process.js'
import {continuityOf, initializeParams, messageOf} from './open-session.js'

/** How long an agent gets to exit on a closed stdin before agora signals it, and then to exit on SIGTERM. */
const STDIN_GRACE_MS = 3000
const TERM_GRACE_MS = 2000

const sleep = (ms: number) => new Promise<'slept'>((resolve) => setTimeout(() => resolve('slept'), ms).unref())

/**
 * C2 for an ACP agent, with no model call: `initialize` must be answered, and the agent must exit
 * once its stdin closes (`endedBy: 'stdin-close'`) or, failing that, on SIGTERM to its process group
 * (`endedBy: 'sigterm'`, how the transport ends such an agent's turns), all within the launch's timeout. The answer's capabilities are the facts
 * C7 reads (loadSession, resume).
 */
export async function probeAcpAgent(launch: TurnLaunch): Promise<TransportProbe> {
  const started = Date.now()
  const agent = startAgent(launch)
  const left = () => Math.max(0, launch.timeoutMs - (Date.now() - started))
  let facts: Record<string, unknown> = {}
  let problem: string | null = null
  const handshake = client({name: 'agora'}).connectWith(agent.stream, async (ctx) => {
    const init = await ctx.request('initialize', initializeParams)
    facts = {agent: init.agentInfo ?? null, protocolVersion: init.protocolVersion, ...continuityOf(init), authMethods: (init.authMethods ?? []).map((m) => m.id)}
  }).then(() => null, (error: unknown) => messageOf(error))
  const first = await Promise.race([handshake, agent.exited.then((exit) => ({exit})), sleep(left())])
  if (first === 'slept') problem = `\`initialize\` unanswered within ${Math.round(launch.timeoutMs / 1000)}s`
  else if (typeof first === 'object' && first !== null) problem = first.exit.spawnError ?? `the agent exited before answering \`initialize\` (code ${first.exit.code ?? first.exit.signal})`
  else if (typeof first === 'string') problem = `\`initialize\` failed: ${first}`
  let timedOut = first === 'slept'
  agent.closeStdin()
  if (problem === null && (await Promise.race([agent.exited, sleep(Math.min(STDIN_GRACE_MS, left()))])) === 'slept') {
    // Some agents outlive a closed stdin; the turn's end is then agora's SIGTERM to the group, which must work.
    agent.killGroup('SIGTERM')
    if ((await Promise.race([agent.exited, sleep(Math.min(TERM_GRACE_MS, left()))])) === 'slept') {
      problem = `answered \`initialize\` but neither exited when stdin closed nor on SIGTERM within ${Math.round(launch.timeoutMs / 1000)}s`
      timedOut = true
    } else {
      facts.endedBy = 'sigterm'
    }
  } else if (problem === null) {
    facts.endedBy = 'stdin-close'
  }
  agent.killGroup('SIGKILL')
  const reaped = await Promise.race([agent.exited, sleep(2000).then(() => null)])
  return {
    ended: problem === null, problem, exitCode: reaped?.code ?? null, timedOut, spawnError: reaped?.spawnError ?? null,
    durationMs: Date.now() - started, facts,
  }
}
