import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {McpError} from '@modelcontextprotocol/sdk/types.js'
import {expect} from 'chai'
import fc from 'fast-check'

import {seatOn, startHub} from './helpers/hub.js'
import type {TestHub} from './helpers/hub.js'
import {call, must} from './helpers/process.js'

type Schema = Record<string, any>

/** Characters that break naive text handling: lone surrogates, controls, bidi, zero-width, look-alikes. */
const NASTY = ['\ud800', '\udfff', '\u0000', '\u001b', '\u202e', '\u200b', '\ufeff', 'e\u0301', '\u0430', '\u2028', '"', '\\', '/', '..', '%00', '#1']
const nasty = fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({maxLength: 4})), {maxLength: 6}).map((parts) => parts.join(''))

/** Good values by argument name, so many calls reach the hub instead of stopping at the schema. */
function stringFor(name: string): fc.Arbitrary<string> {
  const good: Record<string, string[]> = {
    channel: ['room', 'commons', 'dm:alice--bob', 'nope'], peer: ['bob', 'carol'], agent_id: ['bob', 'carol'], agent: ['bob'],
    target: ['bob'], to: ['bob'], message_id: ['#1', '#2', '01ARZ3NDEKTSV4RRFFQ69G5FAV'], path: ['notes/a.md'], key: ['claim:parser'],
  }
  return fc.oneof({weight: 3, arbitrary: fc.constantFrom(...(good[name] ?? ['x', 'hello'])) }, {weight: 2, arbitrary: nasty})
}

/** Arguments shaped by a tool's input schema: right types with hostile content mostly, sometimes any JSON. */
function argsFrom(s: Schema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.oneof(fc.constant(null), fc.integer(), fc.double(), fc.boolean(), nasty, fc.constant([]), fc.constant({}))
  if (depth > 3) return anything
  if (Array.isArray(s.enum)) return fc.oneof({weight: 5, arbitrary: fc.constantFrom(...(s.enum as unknown[]))}, {weight: 1, arbitrary: anything})
  if (s.anyOf) return fc.oneof(...(s.anyOf as Schema[]).map((a) => argsFrom(a, name, depth + 1)))
  const typed = ((): fc.Arbitrary<unknown> => {
    switch (s.type) {
      case 'string': return stringFor(name)
      case 'integer': case 'number':
        return fc.oneof(fc.integer({min: -2, max: 60}), fc.constantFrom(0, 1, 2 ** 53, 1e300, -1e300), fc.double())
      case 'boolean': return fc.boolean()
      case 'array': return fc.array(argsFrom(s.items ?? {}, name, depth + 1), {maxLength: 3})
      case 'object': {
        const props = (s.properties ?? {}) as Record<string, Schema>
        const keys = Object.keys(props)
        if (keys.length === 0) return fc.dictionary(nasty, anything, {maxKeys: 2})
        return fc.record(Object.fromEntries(keys.map((k) => [k, argsFrom(props[k]!, k, depth + 1)])), {requiredKeys: []})
      }
      default: return anything
    }
  })()
  // The arguments themselves stay an object: anything else is refused by the MCP SDK's request schema
  // before a tool runs (its code, not this server's).
  return depth === 0 ? typed : fc.oneof({weight: 12, arbitrary: typed}, {weight: 1, arbitrary: anything})
}

/** The `error` status of a failure result's JSON text ({ok:false,error,detail,action}); null when it is not one. */
function failureStatus(content: unknown): number | null {
  const first = Array.isArray(content) ? (content[0] as {text?: unknown} | undefined) : undefined
  if (typeof first?.text !== 'string') return null
  try {
    const v = JSON.parse(first.text) as {ok?: unknown; error?: unknown}
    return v.ok === false && typeof v.error === 'number' ? v.error : null
  } catch { return null }
}

// A real agora-mcp process on a real hub, every tool it lists called with generated arguments: the
// server answers each call (a result, or the protocol's invalid-params error) and is still serving after.
describe('agora-mcp under hostile tool arguments', function () {
  this.timeout(300_000)
  let hub: TestHub
  let alice: Client

  before(async () => {
    hub = await startHub(['alice', 'bob', 'carol'])
    alice = await seatOn(hub, 'alice')
    await must(alice, 'create_channel', {name: 'room', private: true})
    await must(alice, 'post_message', {channel: 'room', body: 'first', status: 'open'})
    await must(alice, 'post_message', {channel: 'room', body: 'second', status: 'fyi'})
  })
  after(async () => {
    await alice?.close()
    await hub?.close()
  })

  it('answers every generated call with a result or an invalid-params error, and keeps serving', async () => {
    // wait_for_messages is left out: a valid call legitimately blocks for up to 55 s.
    const tools = (await alice.listTools()).tools.filter((t) => t.name !== 'wait_for_messages')
    expect(tools.length).to.be.above(50)
    const calls = fc.constantFrom(...tools).chain((t) => argsFrom(t.inputSchema as Schema).map((args) => ({name: t.name, args})))
    const unexpected: string[] = []
    await fc.assert(fc.asyncProperty(calls, async ({name, args}) => {
      try {
        const r = await alice.callTool({name, arguments: args as Record<string, unknown>})
        expect(Array.isArray(r.content), `${name} answered without content`).to.equal(true)
        // A failure result carries the status it came from: 500 is a hub 500 or an exception in the tool's own code
        // (result.ts files anything that is not an HTTP refusal there), and neither is an answer to hostile input.
        const failed = r.isError === true ? failureStatus(r.content) : null
        if (failed !== null && failed >= 500) unexpected.push(`${name} ${JSON.stringify(args).slice(0, 200)}: failed with ${failed}: ${JSON.stringify(r.content).slice(0, 300)}`)
      } catch (err) {
        if (!(err instanceof McpError && err.code === -32602)) unexpected.push(`${name} ${JSON.stringify(args).slice(0, 200)}: ${(err as Error).message}`)
      }
    }), {seed: Number(process.env.FC_SEED ?? 20261202), numRuns: Math.round(400 * Number(process.env.FC_RUNS ?? 1))})
    expect(unexpected).to.deep.equal([])
    const who = await call(alice, 'whoami')
    expect(who.isError).to.equal(false)
    expect(who.text).to.include('alice')
  })
})
