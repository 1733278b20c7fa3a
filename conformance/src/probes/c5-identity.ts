import {BEARER_PATTERN, HARD_ITEMS} from '@agora/contract'
import type {Probe} from '../types.js'
import {buildSurface, hardUnmet} from '../surface.js'
import {declarationOf} from './declaration-of.js'
import {refusalText} from './refusal.js'

/** The seat id reaches the turn, per turn, and no bearer appears in argv, env, carried files or workspace config. */
export const c5Identity: Probe = {
  id: 'C5',
  capability: 'identity',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx) {
    const decl = declarationOf(ctx)
    const blocked = decl.unmet.filter((item) => item === 'single-turn' || item === 'tool-reach')
    if (blocked.length > 0) return {status: 'FAIL', detail: `declared unmet (${blocked.join(', ')}) — no command can be built`}
    if (decl.unmet.includes('identity')) return {status: 'FAIL', detail: 'declared unmet: a turn cannot say which seat it is'}
    const hard = hardUnmet(decl, HARD_ITEMS)
    if (hard.length > 0) return {status: 'SKIP', detail: `no command to inspect: agora refuses to build a turn (declared unmet: ${hard.join(', ')})`}
    let surface
    try {
      surface = await buildSurface(ctx, decl, {})
    } catch (error) {
      const refusal = refusalText(error)
      if (refusal === null) throw error
      return {status: 'FAIL', detail: `agora refuses to build a turn: ${refusal}`}
    }
    const leaked = surface.text.match(BEARER_PATTERN)?.[0] ?? ctx.knownSecrets.find((secret) => secret !== '' && surface.text.includes(secret))
    if (leaked) {
      return {
        status: 'FAIL',
        detail: `a bearer (${leaked.slice(0, 10)}…) reaches the turn — credentials belong only in the 0600 key cache, read by agora-mcp`,
      }
    }
    if (decl.identityScope === 'process') {
      return {
        status: 'WARN',
        detail: "the framework's server identity posts for every turn",
        limitation: 'identity=process-scoped (one seat per server process)',
      }
    }
    if (!surface.text.includes(ctx.seat.agentId)) {
      return {
        status: 'FAIL',
        detail: `seat id \`${ctx.seat.agentId}\` does not reach the turn — pass it in argv, env or a file the command carries, or run \`agora setup ${ctx.seat.agentId} --harness ${decl.name}\` here`,
      }
    }
    return {status: 'PASS', detail: `seat id \`${ctx.seat.agentId}\` reaches the turn; no bearer in argv, env, or config`}
  },
}
