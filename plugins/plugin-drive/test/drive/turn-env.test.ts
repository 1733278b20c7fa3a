import {expect} from 'chai'

import {agoraCli, turnEnv, CredentialInTurnEnv} from '../../src/drive/turn-env.js'

describe('turnEnv', () => {
  it('drops every AGORA_* variable of the operator, lays the command env on top, and marks the turn driven', () => {
    const env = turnEnv({PATH: '/bin', AGORA_API_KEY: 'agora_secret', AGORA_URL: 'http://x', AGORA_FOO: '1'}, {AGORA_API_KEY: '', AGORA_AGENT_ID: 'bob'})
    expect(env).to.deep.equal({PATH: '/bin', AGORA_API_KEY: '', AGORA_AGENT_ID: 'bob', AGORA_TURN: 'driven'})
  })

  it('sets the turn marker last, so neither the operator nor a declaration can unset it', () => {
    expect(turnEnv({AGORA_TURN: ''}, {AGORA_TURN: ''}, 'check').AGORA_TURN).to.equal('check')
  })

  it('refuses a declaration that hands the turn a non-empty key', () => {
    expect(() => turnEnv({}, {AGORA_ADMIN_KEY: 'x'})).to.throw(CredentialInTurnEnv, /non-empty AGORA_ADMIN_KEY/)
  })

  it('names the agora CLI it runs as in AGORA_CLI, for a turn plugin that calls back (pi\'s lease gate)', () => {
    expect(turnEnv({AGORA_CLI: '/evil'}, {}, 'driven', '/opt/agora/bin/run.js').AGORA_CLI).to.equal('/opt/agora/bin/run.js')
    expect(agoraCli('/usr/lib/node_modules/@agora/cli/run.js')).to.equal('/usr/lib/node_modules/@agora/cli/run.js')
    expect(agoraCli('/usr/local/bin/agora')).to.equal('/usr/local/bin/agora')
    expect(agoraCli('/repo/node_modules/mocha/bin/mocha.js')).to.equal(undefined)
  })
})
