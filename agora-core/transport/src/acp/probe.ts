import {client} from '@agentclientprotocol/sdk'
import type {TransportProbe, TurnLaunch} from '@agora/contract'
import {startAgent} from './agent-process.js'
import {continuityOf, initializeParams, messageOf} from './open-session.js'

const sleep = (ms: number) => new Promise<'slept'>((resolve) => setTimeout(() => resolve('slept'), ms).unref())

/**
 * C2 for an ACP agent, with no model call: `initialize` must be answered, and the agent must exit
 * once its stdin closes, both within the launch's timeout. The answer's capabilities are the facts
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
  const exit = problem === null ? await Promise.race([agent.exited, sleep(left())]) : 'slept'
  if (problem === null && exit === 'slept') {
    problem = `answered \`initialize\` but did not exit within ${Math.round(launch.timeoutMs / 1000)}s of stdin closing`
    timedOut = true
  }
  agent.killGroup('SIGKILL')
  const reaped = await Promise.race([agent.exited, sleep(2000).then(() => null)])
  return {
    ended: problem === null, problem, exitCode: reaped?.code ?? null, timedOut, spawnError: reaped?.spawnError ?? null,
    durationMs: Date.now() - started, facts,
  }
}
