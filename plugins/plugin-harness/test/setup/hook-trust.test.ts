import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {parse} from 'smol-toml'

import {hookStateHash, hookTrustEntries, trustAgoraHooks, trustFile} from '../../src/setup/hook-trust.js'
import type {SetupVars} from '../../src/setup/vars.js'
import {the} from '../../../../test/helpers/present.js'

const vars: SetupVars = {agora: '/opt/agora/run.js', mcpCommand: 'agora-mcp', seatId: 'alice', url: 'http://127.0.0.1:8765', about: '', home: '/h', homeIsDefault: true}
const gate = {type: 'command', command: '/opt/agora/run.js hook PreToolUse --as alice --url http://127.0.0.1:8765 --patch-field command', timeout: 10}
const start = {type: 'command', command: '/opt/agora/run.js hook SessionStart --as alice --url http://127.0.0.1:8765', timeout: 10}
const doc = {hooks: {
  SessionStart: [{hooks: [{type: 'command', command: 'echo mine', timeout: 5}]}, {hooks: [start]}],
  PreToolUse: [{matcher: 'apply_patch', hooks: [gate]}],
}}

describe('codex hook trust', () => {
  it('hashes a handler the way codex 0.171 reports it in hooks/list (sorted-key group JSON, matcher only when set)', () => {
    // currentHash values codex 0.171's app-server answered for these two groups
    expect(hookStateHash('SessionStart', undefined, {type: 'command', command: 'echo hi', timeout: 10}))
      .to.equal('sha256:763043cd829dd3033aa42d00b4dec6bec613155d2f3f69ac3fc1e56f572420bf')
    expect(hookStateHash('PreToolUse', 'apply_patch', {type: 'command', command: 'echo x', timeout: 10}))
      .to.equal('sha256:96d078688b60d88c1b75c09bcc207e660cb1702aaa4b06dd7c43deaacff1de6d')
  })

  it("keys one trust table per agora handler by file, event, group and handler index, leaving the user's own hooks untrusted", () => {
    const entries = hookTrustEntries('/w/.codex/hooks.json', doc, vars)
    expect(entries.map((e) => e.at)).to.deep.equal([
      ['hooks', 'state', '/w/.codex/hooks.json:session_start:1:0'],
      ['hooks', 'state', '/w/.codex/hooks.json:pre_tool_use:0:0'],
    ])
    expect(the(entries, 1).value.trusted_hash).to.equal(hookStateHash('PreToolUse', 'apply_patch', gate))
  })

  it('writes the tables into $CODEX_HOME/config.toml beside foreign settings (a new file 0600) and rewrites them in place on a re-run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-trust-'))
    try {
      const store = {format: 'hashed-hook-state', homeEnv: 'CODEX_HOME', homeDefault: '.codex', file: 'config.toml'} as const
      expect(trustFile(store, {CODEX_HOME: join(dir, 'ch')}, '/home/u')).to.equal(join(dir, 'ch', 'config.toml'))
      expect(trustFile(store, {}, '/home/u')).to.equal('/home/u/.codex/config.toml')
      const file = join(dir, 'config.toml')
      writeFileSync(file, 'model = "gpt-5.5"\n\n[projects."/w"]\ntrust_level = "trusted"\n')
      expect(trustAgoraHooks(store, file, '/w/.codex/hooks.json', doc, vars)).to.equal(2)
      const once = readFileSync(file, 'utf8')
      expect(trustAgoraHooks(store, file, '/w/.codex/hooks.json', doc, vars)).to.equal(2)
      expect(readFileSync(file, 'utf8')).to.equal(once)
      const parsed = parse(once) as {model: string; projects: unknown; hooks: {state: Record<string, {trusted_hash: string}>}}
      expect(parsed.model).to.equal('gpt-5.5')
      expect(parsed.projects).to.deep.equal({'/w': {trust_level: 'trusted'}})
      expect(Object.keys(parsed.hooks.state)).to.have.length(2)
      const fresh = join(dir, 'new', 'config.toml')
      trustAgoraHooks(store, fresh, '/w/.codex/hooks.json', doc, vars)
      expect(statSync(fresh).mode & 0o777).to.equal(0o600)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})
