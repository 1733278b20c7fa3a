/// <reference types="mocha" />
import fs from 'node:fs'
import {syncBuiltinESMExports} from 'node:module'
import {expect} from 'chai'
import {prepareTurn, sampleTurnInput} from './turn.js'
import {probeKnob} from './knob-probe.js'
import {armRefusal} from './arm.js'
import {commandSurface, findBearer} from './surface.js'
import {validateDeclaration} from './validate-declaration.js'
import {resolveDeclaration} from './resolve-declaration.js'
import type {DeclaredHarness} from './resolve-declaration.js'
import {transportOf} from './transport.js'
import {KNOBS, PERMISSION_LEVELS} from './vocabulary.js'
import type {BuiltCommand, HarnessDeclaration, SeatBinding} from './declaration.js'

/** A bearer-shaped key the suite plants on the seat; it must never reach argv, env or files. */
export const SENTINEL_KEY = 'agora_SENTINELsentinelSENTINELsentinel0123'

/**
 * Run `fn` with process.env, every fs function and Date.now replaced by recorders; returns what
 * it touched. Builtin ESM named imports see the spies through syncBuiltinESMExports.
 */
export function recordSideEffects<T>(fn: () => T): {value: T; touched: string[]} {
  const touched: string[] = []
  const envDescriptor = Object.getOwnPropertyDescriptor(process, 'env')!
  const restore: Array<() => void> = []
  let depth = 0
  const spy = (target: Record<string, unknown>, label: string) => {
    for (const key of Object.keys(target)) {
      const original = target[key]
      if (typeof original !== 'function' || !/^[a-z]/.test(key)) continue
      target[key] = function (this: unknown, ...args: unknown[]) {
        if (depth === 0) touched.push(`${label}.${key}`)
        depth++
        try {
          return (original as (...a: unknown[]) => unknown).apply(this, args)
        } finally {
          depth--
        }
      }
      restore.push(() => {
        target[key] = original
      })
    }
  }
  spy(fs as unknown as Record<string, unknown>, 'fs')
  spy(fs.promises as unknown as Record<string, unknown>, 'fs.promises')
  const now = Date.now
  // Only the code under test's own touches count: a clock or env read made inside an fs call (a library that
  // wrapped fs earlier in the process) belongs to that call, as nested fs calls already do.
  Date.now = () => {
    if (depth === 0) touched.push('Date.now')
    return now()
  }
  Object.defineProperty(process, 'env', {
    ...envDescriptor,
    value: new Proxy({}, {
      get: (_t, key) => void (depth === 0 && touched.push(`process.env.${String(key)}`)),
      has: (_t, key) => (depth === 0 && touched.push(`process.env.${String(key)}`), false),
      ownKeys: () => (depth === 0 && touched.push('process.env keys'), []),
    }),
  })
  syncBuiltinESMExports()
  try {
    return {value: fn(), touched}
  } finally {
    Object.defineProperty(process, 'env', envDescriptor)
    Date.now = now
    for (const undo of restore) undo()
    syncBuiltinESMExports()
  }
}

function plantedSeat(): SeatBinding {
  const seat = sampleTurnInput().seat
  return Object.assign({...seat}, {apiKey: SENTINEL_KEY, key: SENTINEL_KEY}) as SeatBinding
}

function fullRequest(decl: HarnessDeclaration) {
  const allowed = (v: string | null | undefined) => v ?? undefined
  return {
    model: decl.supports.includes('model') ? 'probe-model-x' : undefined,
    provider: decl.supports.includes('provider') ? 'probe-provider-x' : undefined,
    reasoning: decl.supports.includes('reasoning') ? allowed(decl.reasoningVocab.at(-1)) : undefined,
    harnessArgs: decl.supports.includes('harness-args') ? [['probe-arg', 'probe-value-x']] as Array<[string, string]> : undefined,
    sessionId: 'probe-session-x',
  }
}

/**
 * The contract every harness plugin passes, as a mocha suite: schema-valid; every declared knob
 * changes the command; every undeclared knob is refused; the binding reaches the turn; no bearer
 * anywhere; buildCommand is pure. An adapter's test calls it in one line.
 */
export function describeHarnessContract(declared: DeclaredHarness): void {
  const decl = resolveDeclaration(declared)
  describe(`the agora harness contract: ${decl.name}`, () => {
    it('passes the contract schema and its invariants', () => {
      expect(validateDeclaration(declared).problems).to.deep.equal([])
    })

    if (transportOf(decl) !== 'argv') {
      it("opens every session with agora's stdio MCP server under the seat's id, in the workspace", () => {
        const input = sampleTurnInput()
        const session = decl.buildCommand(prepareTurn(decl, input)).session
        expect(session, 'a session transport needs the session calls').to.not.equal(undefined)
        expect(session!.cwd).to.equal(input.workspace)
        const agora = session!.mcpServers.find((server) => server.command === input.mcp.command)
        expect(agora, "agora's MCP server in mcpServers").to.not.equal(undefined)
        expect(agora!.env).to.deep.include({name: 'AGORA_AGENT_ID', value: input.seat.agentId})
      })
    }

    it('builds the same command twice without touching fs, env or the clock', () => {
      const turn = prepareTurn(decl, sampleTurnInput({seat: plantedSeat()}))
      const first = recordSideEffects(() => decl.buildCommand(turn))
      const second = recordSideEffects(() => decl.buildCommand(turn))
      expect(first.touched, 'side effects of buildCommand').to.deep.equal([])
      expect(second.value).to.deep.equal(first.value)
      expect(first.value.argv[0]).to.equal(decl.binary)
    })

    for (const knob of KNOBS) {
      const declared = decl.supports.includes(knob)
      it(declared ? `changes the built command for its declared knob ${knob}` : `refuses the undeclared knob ${knob} at arm time`, () => {
        const probe = probeKnob(decl, knob)
        if (probe.outcome === 'not-applicable') {
          expect(decl.continuity, probe.detail).to.not.equal('resume-id')
          return
        }
        if (probe.outcome === 'single-level') {
          const only = decl.permissions.vocab[0]
          expect(armRefusal(decl, {permissions: only}, [decl]), 'its one level is accepted').to.equal(null)
          return
        }
        expect(probe.outcome, probe.detail).to.equal(declared ? 'reached' : 'refused')
      })
    }

    for (const level of PERMISSION_LEVELS.filter((l) => !decl.permissions.vocab.includes(l))) {
      it(`refuses the inexpressible permission level ${level}`, () => {
        expect(armRefusal(decl, {permissions: level}, [decl])).to.be.a('string')
      })
    }

    it("carries the seat id and agora's MCP command to the turn", () => {
      const input = sampleTurnInput()
      const surface = commandSurface(decl.buildCommand(prepareTurn(decl, input)))
      if (decl.toolReach === 'external') {
        // The framework serves the tools; the seat must still reach the turn unless identity is declared process-scoped.
        if (decl.identityScope !== 'process') expect(surface, 'the seat id reaches the turn').to.contain(input.seat.agentId)
        return
      }
      if (surface.includes(input.mcp.command) && surface.includes(input.seat.agentId)) return
      const config = JSON.stringify(decl.workspace.mcpConfig ?? null)
      expect(config, 'the binding lives in the workspace config when not in the command').to.match(/\{\{mcp\.(command|commandArray)\}\}/)
      expect(config).to.match(/\{\{(seat\.id|mcp\.env)\}\}/)
    })

    it('names files and discards by absolute path', () => {
      const built = decl.buildCommand(prepareTurn(decl, sampleTurnInput()))
      for (const path of [...(built.files ?? []).map((f) => f.path), ...(built.discard ?? [])]) expect(path, 'an absolute path').to.match(/^\//)
    })

    it('puts no bearer in argv, env or the files it carries', () => {
      const built: BuiltCommand = decl.buildCommand(prepareTurn(decl, sampleTurnInput({...fullRequest(decl), seat: plantedSeat()})))
      expect(findBearer(built, [SENTINEL_KEY]), 'a bearer leaked').to.equal(null)
      expect(built.env.AGORA_API_KEY ?? '').to.equal('')
      expect(built.env.AGORA_ADMIN_KEY ?? '').to.equal('')
    })
  })
}
