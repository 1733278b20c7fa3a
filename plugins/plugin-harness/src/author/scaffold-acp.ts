// The ACP half of `agora harness init --transport acp`: agora's ACP transport runs the turn (initialize,
// session/new with agora's MCP server, session/prompt) and reads session/update as the evidence, so the
// plugin declares only what differs: the binary, the knobs and how a turn's session is configured.

export const acpDeclarationJs = (name: string) => `// @ts-check
import {buildCommand} from './build-command.js'

/**
 * What ${name} can do, as data. The ACP transport owns the rest: the \\\`initialize\\\` probe, the evidence
 * (session/update tool calls and the stopReason) and the workspace (agora's MCP server rides session/new).
 * Every field is checked by \\\`agora harness validate .\\\` and by test/contract.test.js.
 * @type {import('@agora/contract').AcpHarnessDeclaration}
 */
export const declaration = {
  name: '${name}',
  summary: '${name} over the Agent Client Protocol',
  contract: '^1',
  transport: 'acp',
  binary: '${name}',
  supports: ['model', 'permissions', 'session'],
  advisory: [],
  unmet: [],
  reasoningVocab: [],
  permissions: {vocab: ['read', 'write', 'all'], argv: {}, rationale: '', default: null},
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  buildCommand,
}
`

export const acpBuildCommandJs = (name: string) => `// @ts-check

/** ${name}'s session modes per agora permission level (session/set_mode). */
const MODE = {read: 'read-only', write: 'edit', all: 'full-access'}

/**
 * One turn: the agent's argv (it speaks ACP on stdio) and how its session is set up. Pure (no fs, env,
 * clock or spawn), so agora can show and test it. Every knob in declaration.supports must change it.
 * @param {import('@agora/contract').Turn} turn
 */
export function buildCommand(turn) {
  return {
    argv: ['${name}'],
    env: {},
    session: {...turn.session, modeId: MODE[turn.permissions], modelId: turn.model},
  }
}
`

export const acpContractTestJs = (name: string) => `import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {describeHarnessContract} from '@agora/contract/testing'
import {declaration} from '../lib/declaration.js'

describeHarnessContract(declaration)

/** JSON-RPC over the agent's stdio, one message a line, as agora's ACP transport speaks it. */
function talk(requests) {
  const agent = spawn(process.execPath, [fileURLToPath(new URL('../fake-bin/${name}', import.meta.url))])
  const answers = []
  let buffered = ''
  agent.stdout.on('data', (chunk) => {
    buffered += chunk
    const lines = buffered.split('\\n')
    buffered = lines.pop()
    answers.push(...lines.filter(Boolean).map((line) => JSON.parse(line)))
  })
  for (const request of requests) agent.stdin.write(JSON.stringify({jsonrpc: '2.0', ...request}) + '\\n')
  agent.stdin.end()
  return new Promise((resolve) => agent.on('close', (code) => resolve({code, answers})))
}

describe('${name} against its fake agent (hermetic: no model, no network)', () => {
  it('answers initialize, opens a session, calls whoami and ends the turn, then exits on stdin close', async () => {
    const {code, answers} = await talk([
      {id: 1, method: 'initialize', params: {protocolVersion: 1, clientCapabilities: {}}},
      {id: 2, method: 'session/new', params: {cwd: process.cwd(), mcpServers: []}},
      {id: 3, method: 'session/prompt', params: {sessionId: 'fake-session-1', prompt: [{type: 'text', text: 'hello'}]}},
    ])
    expect(code).to.equal(0)
    expect(answers.find((a) => a.id === 1).result.protocolVersion).to.equal(1)
    const call = answers.find((a) => a.method === 'session/update' && a.params.update.sessionUpdate === 'tool_call')
    expect(call.params.update.title).to.equal('mcp__agora__whoami')
    expect(answers.find((a) => a.id === 3).result).to.deep.equal({stopReason: 'end_turn'})
  })
})
`

/** A dependency-free ACP agent: stands in for the real one in tests and in harness-check until it is installed. */
export const fakeAcpAgent = (name: string) => `#!/usr/bin/env node
// A fake ${name} ACP agent for hermetic tests and for harness-check before the real agent is installed:
// PATH="$PWD/fake-bin:$PATH" agora harness-check ${name}
// It answers initialize, session/new and session/load (so a later turn resumes), set_mode/set_model and
// session/prompt (one whoami tool call, then end_turn).
import {createInterface} from 'node:readline'

const send = (message) => process.stdout.write(JSON.stringify({jsonrpc: '2.0', ...message}) + '\\n')
const update = (sessionId, body) => send({method: 'session/update', params: {sessionId, update: body}})
let sessions = 0

const handlers = {
  initialize: () => ({protocolVersion: 1, agentCapabilities: {loadSession: true}, agentInfo: {name: '${name}', version: '0.0.0-fake'}, authMethods: []}),
  'session/new': () => ({sessionId: \`fake-session-\${++sessions}\`}),
  'session/load': () => ({}),
  'session/set_mode': () => ({}),
  'session/set_model': () => ({}),
  'session/prompt': ({sessionId}) => {
    update(sessionId, {sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'mcp__agora__whoami', kind: 'other', status: 'pending', rawInput: {}})
    update(sessionId, {sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'completed', rawOutput: {agent_id: 'fake-seat'}})
    update(sessionId, {sessionUpdate: 'agent_message_chunk', content: {type: 'text', text: 'done'}})
    return {stopReason: 'end_turn'}
  },
}

createInterface({input: process.stdin}).on('line', (line) => {
  let message
  try {
    message = JSON.parse(line)
  } catch {
    return
  }
  if (message.id === undefined) return // a notification (session/cancel): nothing to answer
  const handle = handlers[message.method]
  if (handle) send({id: message.id, result: handle(message.params ?? {})})
  else send({id: message.id, error: {code: -32601, message: \`method not found: \${message.method}\`}})
}).on('close', () => process.exit(0))
`

export const acpReadme = (name: string) => `# agora-harness-${name}

An [agora](https://www.npmjs.com/package/@agora/cli) harness plugin: it lets agora drive the \`${name}\` ACP agent as a
seat. agora's Agent Client Protocol transport runs each turn (\`initialize\`, \`session/new\` carrying agora's MCP
server, \`session/prompt\`) and reads the \`session/update\` stream as evidence; this package declares only what
differs (\`lib/declaration.js\`) and how a turn's session is set up (\`lib/build-command.js\`).

## How agora's knobs reach ${name}

| agora knob | ACP call | when |
|---|---|---|
| (always) | \`${name}\` on stdio | every turn: one process, JSON-RPC a line |
| (always) | \`session/new\` with \`mcpServers: [agora]\` | agora's MCP server (command, args, env with the seat id; never a key) |
| \`--model\` | \`session/set_model\` | a model was asked for |
| \`--permissions read\\|write\\|all\` | \`session/set_mode\` (\`read-only\`, \`edit\`, \`full-access\`) | every turn |
| session | \`session/load\` or resume with the session id | a later turn of the same session |

Change the table with the code: every knob in \`supports\` must change the built command (the contract test checks it).

## Develop

\`\`\`sh
npm install
npm test                                    # describeHarnessContract + a turn through fake-bin/${name}
agora harness validate .                    # the declaration, without installing
agora plugins link .
PATH="$PWD/fake-bin:$PATH" agora harness-check ${name}   # the fake agent stands in until ${name} is installed
\`\`\`

## Publish

Publish under your own scope (\`@you/harness-${name}\`) or as \`agora-harness-${name}\`: agora discovers
any installed plugin that answers the \`agora:harness\` hook, whatever its name. Users then run
\`agora plugins install agora-harness-${name}\` and \`agora harness-check ${name}\`.
`
