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

  it("passes a patch gate (codex's apply_patch) only when the hook reads the patch field, and names it", async () => {
    const patched = {...GATED, preToolUse: {matcher: 'apply_patch', pathFields: [], patchFields: ['command']}}
    const decl = baseDeclaration('fx-patch', {workspace: {...baseDeclaration('fx-patch').workspace, hooks: patched}})
    settings({hooks: {PreToolUse: [{matcher: 'apply_patch', hooks: [{type: 'command', command: '/opt/agora hook PreToolUse --as a --url http://x', timeout: 10}]}]}})
    expect((await run(decl)).status, 'a gate that does not read the patch').to.equal('WARN')
    settings({hooks: {PreToolUse: [{matcher: 'apply_patch', hooks: [{type: 'command', command: '/opt/agora hook PreToolUse --as a --url http://x --patch-field command', timeout: 10}]}]}})
    expect(await run(decl)).to.deep.include({status: 'PASS', detail: 'writes through apply_patch are gated by `agora hook PreToolUse` (command as apply_patch)'})
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

  it('says "not declared", not "declared unmet", for a declaration that predates leases', async () => {
    const outcome = await run(baseDeclaration('fx-old'))
    expect(outcome.status).to.equal('SKIP')
    expect(outcome.detail).to.match(/^not declared: .*does not list 'lease-hook' in unmet/)
  })

  it('says why an ACP agent has no gate rather than calling it declared unmet', async () => {
    const outcome = await run(baseDeclaration('fx-acp', {transport: 'acp'}))
    expect(outcome.status).to.equal('SKIP')
    expect(outcome.detail).to.match(/^not available over ACP: .*no hook to refuse it first/)
  })

  describe('a gate carried by a plugin file (workspace.leaseGate)', () => {
    const carried = () => {
      const base = baseDeclaration('fx-plugin')
      return baseDeclaration('fx-plugin', {workspace: {...base.workspace, files: [{path: '.fx/plugin.js', content: ''}],
        leaseGate: {file: '.fx/plugin.js', tools: ['write', 'edit'], pathFields: ['filePath']}}})
    }
    const plugin = (text: string) => {
      mkdirSync(join(workspace, '.fx'), {recursive: true})
      writeFileSync(join(workspace, '.fx', 'plugin.js'), text)
    }

    it('passes when the file setup wrote runs agora hook PreToolUse for every declared tool and field', async () => {
      plugin(`const GATED = new Set(["write","edit"]); execFile(AGORA, ['hook', 'PreToolUse', '--path-field', 'filePath'])`)
      const outcome = await run(carried())
      expect(outcome).to.deep.include({status: 'PASS', detail: 'writes through write, edit are gated by `agora hook PreToolUse` from .fx/plugin.js (filePath)'})
    })

    it('warns, naming the setup to run, when the file is missing or carries no gate', async () => {
      const missing = await run(carried())
      expect([missing.status, missing.detail]).to.deep.equal(['WARN', 'declared (write, edit) but not wired in this workspace: .fx/plugin.js is missing (hooks off, or never set up); run `agora setup <id> --harness fx-plugin`'])
      plugin(`runHook('UserPromptSubmit')`)
      const older = await run(carried())
      expect(older.status).to.equal('WARN')
      expect(older.detail).to.match(/carries no agora lease gate for them \(an older setup\)/)
    })
  })
})
