import {expect} from 'chai'
import {parse} from 'smol-toml'

import {SetupRefusal} from '../../src/setup/refusal.js'
import {checkToml, headerPath, upsertTomlTables} from '../../src/setup/toml-config.js'
import {the} from '../../../../test/helpers/present.js'

const ENTRY = [{at: ['mcp_servers', 'agora'], value: {command: '/bin/agora-mcp', required: true, env: {AGORA_URL: 'http://h', AGORA_API_KEY: ''}}}]

const FOREIGN = `# my codex config
model = "o4-mini"

[mcp_servers.other]
command = "other-mcp"   # keep me

# comment about the agora table below
[mcp_servers."agora"]
command = "/old/agora-mcp"
required = false

[ "mcp_servers" . agora . env ]
AGORA_URL = "http://old"
AGORA_API_KEY = "agora_0123456789abcdef0123456789abcdef0123456789abcdef"

# trailing comment for profiles
[profiles.fast]
model = "gpt-5"
`

describe('toml-config', () => {
  describe('headerPath', () => {
    it('reads quoted and spaced header forms as plain key paths', () => {
      expect(headerPath('[ "mcp_servers" . agora . env ]')).to.deep.equal(['mcp_servers', 'agora', 'env'])
      expect(headerPath("[mcp_servers.'agora']  # note")).to.deep.equal(['mcp_servers', 'agora'])
      expect(headerPath('[[array.of.tables]]')).to.equal(null)
      expect(headerPath('key = "[not a header]"')).to.equal(null)
    })
  })

  describe('upsertTomlTables', () => {
    it('replaces only the managed tables, keeping foreign tables and comments', () => {
      const out = upsertTomlTables('.codex/config.toml', FOREIGN, ENTRY)
      const doc = parse(out) as any
      expect(doc.model).to.equal('o4-mini')
      expect(doc.mcp_servers.other.command).to.equal('other-mcp')
      expect(doc.profiles.fast.model).to.equal('gpt-5')
      expect(doc.mcp_servers.agora).to.deep.equal(the(ENTRY, 0).value)
      for (const kept of ['# my codex config', 'command = "other-mcp"   # keep me', '# comment about the agora table below', '# trailing comment for profiles']) {
        expect(out).to.include(kept)
      }
    })

    it('removes an embedded key left by an older setup', () => {
      expect(upsertTomlTables('c.toml', FOREIGN, ENTRY)).not.to.match(/agora_[0-9a-f]{32,}/)
    })

    it('is idempotent: a second pass returns the same bytes', () => {
      const once = upsertTomlTables('c.toml', FOREIGN, ENTRY)
      expect(upsertTomlTables('c.toml', once, ENTRY)).to.equal(once)
    })

    it('appends the block after foreign content when no managed table exists', () => {
      const out = upsertTomlTables('c.toml', 'model = "x"\n', ENTRY)
      expect(out).to.equal(
        'model = "x"\n\n[mcp_servers.agora]\ncommand = "/bin/agora-mcp"\nrequired = true\n\n[mcp_servers.agora.env]\nAGORA_URL = "http://h"\nAGORA_API_KEY = ""\n',
      )
    })

    it('refuses a result that would not parse (agora defined inline elsewhere)', () => {
      const inline = 'mcp_servers = { agora = { command = "x" } }\n'
      expect(() => upsertTomlTables('c.toml', inline, ENTRY)).to.throw(SetupRefusal, /invalid TOML/)
    })
  })

  describe('checkToml', () => {
    it('refuses corrupt TOML naming the file', () => {
      expect(() => checkToml('.codex/config.toml', '[mcp_servers\ncommand = ')).to.throw(SetupRefusal, /\.codex\/config\.toml is not valid TOML/)
    })
  })
})
