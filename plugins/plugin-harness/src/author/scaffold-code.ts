// The code half of `agora harness init`: a declaration as data, a pure buildCommand, the evidence
// spec, the hook, a contract test and a fake binary, shaped like the README's worked example.

export const declarationJs = (name: string) => `// @ts-check
import {buildCommand} from './build-command.js'
import {evidence} from './evidence.js'

/**
 * What ${name} can do, as data: agora's generic code reads this and never names ${name}.
 * Every field is checked by \`agora harness validate .\` and by test/contract.test.js.
 * @type {import('@agora/contract').HarnessDeclaration}
 */
export const declaration = {
  name: '${name}',
  summary: '${name} CLI (${name} run --json)',
  contract: '^1',
  binary: '${name}',
  probeArgv: ['--version'],
  supports: ['model', 'reasoning', 'permissions', 'session'],
  advisory: [],
  unmet: [],
  reasoningVocab: ['low', 'medium', 'high'],
  permissions: {
    vocab: ['read', 'write'],
    argv: {read: ['--read-only'], write: []},
    rationale: '${name} has no mode that skips its own approvals, so all is not offered.',
    default: null,
  },
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence,
  workspace: {
    mcpConfig: null,
    ruleFile: 'AGENTS.md',
    ruleStyle: 'marked-block',
    rule: {arming: '', waitPolicy: 'Never wait in the foreground for mail.', wakeNote: 'Run check_inbox at the start of every turn.'},
    hooks: null,
    skillDir: '.${name}/skills/agora-channels',
    files: [],
    optIn: null,
  },
  buildCommand,
}
`

export const buildCommandJs = (name: string) => `// @ts-check

/**
 * One turn as argv: pure (no fs, env, clock or spawn), so agora can show and test it.
 * Every knob in declaration.supports must change this argv; see the flag table in README.md.
 * @param {import('@agora/contract').Turn} turn
 */
export function buildCommand(turn) {
  return {
    argv: [
      '${name}', 'run', '--json',
      '--mcp', JSON.stringify({command: turn.mcp.command, args: turn.mcp.args, env: turn.mcp.env}),
      ...(turn.model ? ['--model', turn.model] : []),
      ...(turn.reasoning ? ['--effort', turn.reasoning] : []),
      ...turn.permissionArgv,
      ...(turn.sessionId ? ['--resume', turn.sessionId] : []),
      turn.prompt,
    ],
    env: {},
  }
}
`

export const evidenceJs = () => `// @ts-check

/**
 * How agora reads a turn's NDJSON stdout: {"type":"init","session":…}, {"type":"tool","name":…,"ok":bool},
 * {"type":"error","message":…}, {"type":"done"}. Change the matches to your CLI's own events.
 * @type {NonNullable<import('@agora/contract').HarnessDeclaration['evidence']>}
 */
export const evidence = {
  format: 'ndjson',
  summary: 'ndjson: tool / done',
  toolNamePrefixes: ['agora_'],
  toolEvents: [{match: {type: 'tool'}, role: 'complete', name: ['name'], failed: [{ok: false}]}],
  terminal: [{type: 'done'}],
  terminalMissing: 'missing-terminal-event',
  errors: [{match: {type: 'error'}, message: ['message']}],
  mcpDown: [],
  sessionId: [{match: {type: 'init'}, path: 'session'}],
  toolFailure: {stage: 'mcp-call', reason: '{tool}-failed'},
  failureClasses: [],
  notices: [],
}
`

export const hookJs = () => `// The agora:harness hook (package.json oclif.hooks): agora discovers the plugin by this answer.
import {declaration} from '../lib/declaration.js'

export default async function () {
  return declaration
}
`

export const contractTestJs = (name: string) => `import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {declaration} from '../lib/declaration.js'

describeHarnessContract(declaration)

describe('${name} against its fake binary (hermetic: no model, no network)', () => {
  it('runs the built command and reads the turn as ok, with whoami called', () => {
    const {argv} = declaration.buildCommand(prepareTurn(declaration, sampleTurnInput()))
    const fake = fileURLToPath(new URL('../fake-bin/${name}', import.meta.url))
    const stdout = execFileSync(process.execPath, [fake, ...argv.slice(1)], {encoding: 'utf8'})
    const verdict = assessTurn(declaration, {stdout, stderr: '', exitCode: 0, timedOut: false, kind: 'check'})
    expect(verdict.ok, verdict.detail).to.equal(true)
    expect(verdict.tools).to.deep.equal(['whoami'])
  })
})
`

/** Stands in for the real CLI until it is installed: answers --version and streams one whoami turn. */
export const fakeBinary = (name: string) => `#!/usr/bin/env node
// A fake ${name} for hermetic tests and for harness-check before the real CLI is installed:
// PATH="$PWD/fake-bin:$PATH" agora harness-check ${name}
const args = process.argv.slice(2)
if (args[0] === '--version') {
  console.log('${name} 0.0.0-fake')
} else {
  const events = [
    {type: 'init', session: 'fake-session-1'},
    {type: 'tool', name: 'agora_whoami', ok: true},
    {type: 'done'},
  ]
  for (const event of events) console.log(JSON.stringify(event))
}
`
