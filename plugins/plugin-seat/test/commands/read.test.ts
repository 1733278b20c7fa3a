import {expect} from 'chai'

import Post from '../../src/commands/post.js'
import Read from '../../src/commands/read.js'
import {as, homeWithSeats, runCommand, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('read', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
  })
  after(async () => hub.close())

  it('reads a message with its unread ancestors by id', async () => {
    const {result: parent} = await runCommand(Post, ['commons', 'parent', '--status', 'open', ...as('alice', hub.url, home)])
    const {result: child} = await runCommand(Post, ['commons', 'child', '--reply-to', parent.id, ...as('alice', hub.url, home)])
    const {result} = await runCommand(Read, ['commons', child.id, ...as('bob', hub.url, home)])
    expect(result.map((m) => m.body)).to.deep.equal(['parent', 'child'])
  })

  it('resolves a bare seq or #seq to the message', async () => {
    const {result: posted} = await runCommand(Post, ['commons', 'by seq', ...as('alice', hub.url, home)])
    for (const ref of [String(posted.seq), `#${posted.seq}`]) {
      const {result} = await runCommand(Read, ['commons', ref, ...as('bob', hub.url, home)])
      expect(result.at(-1)?.id).to.equal(posted.id)
    }
  })

  it('shows peer text as fenced data with terminal control characters escaped', async () => {
    const evil = 'hi \u001b[2J\u001b]0;pwned\u0007 bye'
    const {result: posted} = await runCommand(Post, ['commons', evil, '--title', 't\u001b[31m', ...as('alice', hub.url, home)])
    const {result, stdout} = await runCommand(Read, ['commons', posted.id, ...as('bob', hub.url, home)])
    expect(result.at(-1)?.body).to.equal(evil)
    expect(stdout).to.not.include('\u001b').and.not.include('\u0007')
    expect(stdout).to.include('hi \\u001b[2J').and.match(/⟦AGORA:[0-9a-f]{8}:commons#\d+ from alice⟧/)
  })
})
