import {expect} from 'chai'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {c10LeaseHook} from '../../src/probes/c10-lease-hook.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, targetOf} from '../helpers.js'

const GATED = {path: '.fx/settings.json', shape: 'matcher-groups' as const, events: ['Stop' as const], hookArgs: [], timeout: 10, asyncRewakeEvents: [],
  preToolUse: {matcher: 'Write|Edit', pathFields: ['file_path']}}

describe('probes/c10-lease-hook', () => {
  let workspace: string
  beforeEach(() => { workspace = mkdtempSync(join(tmpdir(), 'agora-c10-')) })
  afterEach(() => rmSync(workspace, {recursive: true, force: true}))
  const run = (decl = baseDeclaration('fx-gated', {workspace: {...baseDeclaration('fx-gated').workspace, hooks: GATED}})) =>
    c10LeaseHook.run(contextFor(targetOf(decl), {workspace}), new Map())
  const settings = (doc: unknown) => {
    mkdirSync(join(workspace, '.fx'), {recursive: true})
    writeFileSync(join(workspace, '.fx', 'settings.json'), JSON.stringify(doc))
  }

  it('passes when the workspace wires agora hook PreToolUse for the declared matcher and path fields', async () => {
    settings({hooks: {PreToolUse: [{matcher: 'Write|Edit', hooks: [{type: 'command', command: '/opt/agora hook PreToolUse --as a --url http://x --path-field file_path', timeout: 10}]}]}})
    expect(await run()).to.deep.include({status: 'PASS', detail: 'writes through Write|Edit are gated by `agora hook PreToolUse` (file_path)'})
  })

  it('warns, naming the fix, when the gate is declared but the workspace lacks it; never a limitation', async () => {
    const missing = await run()
    expect(missing.status).to.equal('WARN')
    expect(missing.detail).to.match(/is missing or unreadable; run `agora setup <id> --harness fx-gated`/)
    settings({hooks: {PreToolUse: [{matcher: 'Bash', hooks: [{type: 'command', command: 'lint'}]}]}})
    const foreign = await run()
    expect(foreign.status).to.equal('WARN')
    expect(foreign.limitation ?? null).to.equal(null)
  })

  it('skips as declared unmet for a harness without a pre-tool hook', async () => {
    const outcome = await run(baseDeclaration('fx-plain', {unmet: ['lease-hook']}))
    expect(outcome.status).to.equal('SKIP')
    expect(outcome.detail).to.match(/^declared unmet: .*git guard/)
  })
})
