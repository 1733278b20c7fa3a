import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {cacheKey} from '@agora/home'
import {expect} from 'chai'
import {parse} from 'smol-toml'

import {SetupRefusal} from '../../src/setup/refusal.js'
import {runSetup} from '../../src/setup/run-setup.js'
import {ASSETS, MCP_BROKEN, input, tree} from './helpers.js'
import {the} from '../../../../test/helpers/present.js'

const OLD_KEY = 'agora_0123456789abcdef0123456789abcdef0123456789abcdef'

function put(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), {recursive: true})
  writeFileSync(join(root, rel), text)
}

const read = (root: string, rel: string) => readFileSync(join(root, rel), 'utf8')

describe('runSetup', () => {
  describe('merging into foreign config', () => {
    it('keeps foreign MCP servers and drops a key an older setup embedded', async () => {
      const run = input(['claude'])
      put(run.workspace, '.mcp.json', JSON.stringify({mcpServers: {
        github: {command: 'gh-mcp', args: ['--stdio']},
        agora: {command: 'old', env: {AGORA_API_KEY: OLD_KEY}},
      }}))
      await runSetup(run)
      const doc = JSON.parse(read(run.workspace, '.mcp.json'))
      expect(doc.mcpServers.github).to.deep.equal({command: 'gh-mcp', args: ['--stdio']})
      expect(doc.mcpServers.agora.env).to.include({AGORA_API_KEY: '', AGORA_ADMIN_KEY: '', AGORA_AGENT_ID: 'alice'})
      expect(JSON.stringify(tree(run.workspace))).not.to.include(OLD_KEY)
    })

    it('keeps foreign TOML tables and comments in the codex-style config', async () => {
      const run = input(['codex'])
      put(run.workspace, '.codex/config.toml', '# mine\nmodel = "m"\n\n[mcp_servers.docs]\ncommand = "docs-mcp" # keep\n')
      await runSetup(run)
      const text = read(run.workspace, '.codex/config.toml')
      expect(text).to.include('# mine').and.include('command = "docs-mcp" # keep')
      const doc = parse(text) as any
      expect(doc.mcp_servers.docs.command).to.equal('docs-mcp')
      expect(doc.mcp_servers.agora.default_tools_approval_mode).to.equal('approve')
    })

    it('keeps foreign hooks and settings, and opencode provider entries', async () => {
      const run = input(['claude', 'opencode'])
      put(run.workspace, '.claude/settings.json', JSON.stringify({model: 'opus', hooks: {Stop: [{hooks: [{type: 'command', command: 'say done'}]}]}}))
      put(run.workspace, 'opencode.json', JSON.stringify({$schema: 'mine', provider: {local: {npm: 'x'}}, permission: {bash: 'ask'}}))
      await runSetup(run)
      const settings = JSON.parse(read(run.workspace, '.claude/settings.json'))
      expect(settings.model).to.equal('opus')
      expect(settings.hooks.Stop[0]).to.deep.equal({hooks: [{type: 'command', command: 'say done'}]})
      expect(settings.hooks.Stop).to.have.length(3)
      const oc = JSON.parse(read(run.workspace, 'opencode.json'))
      expect(oc).to.deep.include({$schema: 'mine', provider: {local: {npm: 'x'}}})
      expect(oc.permission).to.deep.equal({bash: 'ask', 'agora*': 'allow'})
    })

    it('keeps the user text of CLAUDE.md below the agora block', async () => {
      const run = input(['claude'])
      put(run.workspace, 'CLAUDE.md', '# Project notes\n\nUse pnpm.\n')
      await runSetup(run)
      const text = read(run.workspace, 'CLAUDE.md')
      expect(text.startsWith('<!-- agora:begin -->')).to.equal(true)
      expect(text.endsWith('<!-- agora:end -->\n\n# Project notes\n\nUse pnpm.\n')).to.equal(true)
    })

    it('deletes files earlier agora versions generated', async () => {
      const run = input(['cursor'])
      put(run.workspace, '.cursor/rules/agora.md', 'old rule')
      const result = await runSetup(run)
      expect(existsSync(join(run.workspace, '.cursor/rules/agora.md'))).to.equal(false)
      expect(result.files).to.deep.include({path: '.cursor/rules/agora.md', action: 'deleted'})
    })
  })

  describe('refusing corrupt config', () => {
    for (const [rel, text, harness] of [
      ['.cursor/mcp.json', '{"mcpServers": ', 'cursor'],
      ['.codex/config.toml', '[mcp_servers\n', 'codex'],
      ['.claude/settings.json', '[1, 2', 'claude'],
      ['opencode.json', '"just a string"', 'opencode'],
    ] as const) {
      it(`refuses a corrupt ${rel} before writing anything, naming it`, async () => {
        const run = input(['pi', harness])
        put(run.workspace, rel, text)
        const before = tree(run.workspace)
        let caught: unknown
        try {
          await runSetup(run)
        } catch (error) {
          caught = error
        }
        expect(caught).to.be.instanceOf(SetupRefusal)
        expect((caught as SetupRefusal).message).to.include(rel).and.include('nothing was written')
        expect((caught as SetupRefusal).exitCode).to.equal(2)
        expect(tree(run.workspace)).to.deep.equal(before)
        expect(existsSync(join(run.userHome, '.agents'))).to.equal(false)
      })
    }
  })

  describe('--no-hook', () => {
    it('removes agora hook entries and the hook-only plugin, keeps foreign handlers, and switches the wake note', async () => {
      const run = input(['claude', 'opencode'])
      put(run.workspace, '.claude/settings.json', JSON.stringify({hooks: {Stop: [{hooks: [{type: 'command', command: 'say done'}]}]}}))
      await runSetup(run)
      expect(existsSync(join(run.workspace, '.opencode/plugin/agora.js'))).to.equal(true)
      const off = await runSetup({...run, hooks: false})
      expect(JSON.parse(read(run.workspace, '.claude/settings.json'))).to.deep.equal({hooks: {Stop: [{hooks: [{type: 'command', command: 'say done'}]}]}})
      expect(existsSync(join(run.workspace, '.opencode/plugin/agora.js'))).to.equal(false)
      expect(read(run.workspace, 'CLAUDE.md')).to.include('Hooks are off in this workspace')
      expect(off.hooks).to.equal(false)
    })

    it('creates no hooks file in a fresh workspace', async () => {
      const run = input(['codex'], {hooks: false})
      await runSetup(run)
      expect(existsSync(join(run.workspace, '.codex/hooks.json'))).to.equal(false)
    })
  })

  describe('identity and home', () => {
    it('names a non-default AGORA_HOME in the env block and hook commands, never a key', async () => {
      const run = input(['claude'], {homeIsDefault: false, home: '/srv/agora-home'})
      await runSetup(run)
      const mcp = JSON.parse(read(run.workspace, '.mcp.json'))
      expect(mcp.mcpServers.agora.env.AGORA_HOME).to.equal('/srv/agora-home')
      expect(read(run.workspace, '.claude/settings.json')).to.include('--home /srv/agora-home')
      expect(JSON.stringify(tree(run.workspace))).not.to.match(/agora_[0-9a-f]{32,}/)
    })

    it('records the seat with a default drive harness only when exactly one harness is wired', async () => {
      const one = input(['pi'])
      await runSetup(one)
      expect(JSON.parse(read(one.workspace, '.agora/seat.json'))).to.deep.equal({
        schema: 1, agent_id: 'alice', url: one.url, about: 'reviews the parser', harnesses: ['pi'], default_drive_harness: 'pi',
      })
      const two = input(['pi', 'claude'])
      await runSetup(two)
      expect(JSON.parse(read(two.workspace, '.agora/seat.json'))).to.include({default_drive_harness: null})
    })
  })

  describe('skill and status', () => {
    it('installs the agora-channels skill into each harness skills folder under the user home', async () => {
      const run = input(['claude', 'opencode', 'pi'])
      const result = await runSetup(run)
      const expected = ['.agents/skills/agora-channels/SKILL.md', '.claude/skills/agora-channels/SKILL.md'].map((p) => join(run.userHome, p))
      expect(result.skills).to.deep.equal(expected)
      const text = readFileSync(the(expected, 0), 'utf8')
      expect(text).to.equal(readFileSync(join(ASSETS, 'skill', 'SKILL.md'), 'utf8'))
      expect(text).to.match(/^---\nname: agora-channels\n/)
    })

    it('says NEEDS ACTION when the agora-mcp self-check fails, after writing the files', async () => {
      const result = await runSetup(input(['claude'], {mcpCommand: MCP_BROKEN}))
      expect(result.status).to.equal('NEEDS ACTION')
      expect(result.issues[0]).to.include('agora-mcp self-check failed').and.include('cannot load the MCP SDK')
      expect(result.files.map((f) => f.path)).to.include('.mcp.json')
    })

    it('says NEEDS ACTION naming the hub when a cached key exists but the hub is unreachable for --channels', async () => {
      const run = input(['claude'], {channels: ['design', 'review']})
      cacheKey(run.home, run.url, 'alice', OLD_KEY)
      const result = await runSetup(run)
      expect(result.status).to.equal('NEEDS ACTION')
      expect(result.issues).to.have.length(2)
      expect(result.issues[0]).to.include(`join design: hub unreachable at ${run.url}`)
      expect(JSON.stringify(tree(run.workspace))).not.to.include(OLD_KEY)
    })

    it('says NEEDS ACTION when --channels cannot be joined, and skips the mission with a note', async () => {
      const result = await runSetup(input(['claude'], {channels: ['design']}))
      expect(result.status).to.equal('NEEDS ACTION')
      expect(result.channels.failed[0]).to.include('no key for alice')
      expect(result.mission).to.equal('skipped')
      expect(result.notes.some((n) => n.startsWith('note: mission not mirrored'))).to.equal(true)
    })
  })
})
