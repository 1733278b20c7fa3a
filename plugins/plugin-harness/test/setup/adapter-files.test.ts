import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'

import {runSetup} from '../../src/setup/run-setup.js'
import {HERE, harness, input} from './helpers.js'

const ECHO = join(HERE, 'fixtures', 'bin', 'agora-hook-echo.js')

describe('adapter-provided files', () => {
  it('copies a source file byte for byte from the adapter package root', async () => {
    const run = input(['pi'])
    await runSetup(run)
    const copied = readFileSync(join(run.workspace, '.pi/extensions/agora.js'))
    expect(copied.equals(readFileSync(join(harness('pi').pluginRoot, 'assets/agora-bridge.js')))).to.equal(true)
  })

  it('writes a templated plugin whose handlers run `agora hook` with stdin closed and inject the reception text', async () => {
    const run = input(['opencode'], {agora: ECHO, homeIsDefault: false, home: '/srv/agora'})
    await runSetup(run)
    const plugin = await import(pathToFileURL(join(run.workspace, '.opencode/plugin/agora.js')).href)
    const handlers = await plugin.AgoraPlugin({})
    const chat = {message: {id: 'msg_1', sessionID: 'ses_1'}, parts: [] as any[]}
    await handlers['chat.message']({sessionID: 'ses_1'}, chat)
    expect(chat.parts).to.have.length(1)
    expect(chat.parts[0]).to.include({type: 'text', sessionID: 'ses_1', messageID: 'msg_1', synthetic: true})
    expect(chat.parts[0].text).to.equal(`AGORA RECEPTION UserPromptSubmit --as alice --url ${run.url} --home /srv/agora`)
    const tool = {output: 'ls output'}
    await handlers['tool.execute.after']({}, tool)
    expect(tool.output).to.match(/^ls output\n\nAGORA RECEPTION PostToolUse --as alice/)
  })
})
