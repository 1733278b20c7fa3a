import {expect} from 'chai'

import Inbox from '../../src/commands/inbox.js'
import Post from '../../src/commands/post.js'
import {as, homeWithSeats, runCommand, runFailure, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('post', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
  })
  after(async () => hub.close())

  it('posts an open message with addressed asks that lands in the addressee\'s owed list', async () => {
    const {result} = await runCommand(Post, ['commons', 'two things', '--status', 'open', '--title', 'review', '--ask', 'r1=look?', '--ask', 'ship?', '--ask-to', 'r1=bob', '--to', 'bob', ...as('alice', hub.url, home)])
    expect(result).to.include({channel: 'commons', sender: 'alice', status: 'open', title: 'review'})
    expect(result.data?.asks).to.deep.equal([{id: 'r1', text: 'look?', to: ['bob']}, {id: 'a2', text: 'ship?'}])
    const {result: inbox, stdout} = await runCommand(Inbox, as('bob', hub.url, home))
    expect(inbox.owed.to_answer.map((r) => r.id)).to.include(result.id)
    expect(inbox.envelopes.map((e) => e.id)).to.include(result.id)
    expect(stdout).to.include('YOU OWE an answer: commons#')
  })

  it('answers an ask with --reply-to and --answers', async () => {
    const {result: q} = await runCommand(Post, ['commons', 'q', '--status', 'open', '--ask', 'k=ok?', '--ask-to', 'k=bob', ...as('alice', hub.url, home)])
    const {result: a} = await runCommand(Post, ['commons', 'yes', '--status', 'reply', '--reply-to', q.id, '--answers', 'k', ...as('bob', hub.url, home)])
    expect(a.reply_to).to.equal(q.id)
    const {result: inbox} = await runCommand(Inbox, as('bob', hub.url, home))
    expect(inbox.owed.to_answer.map((r) => r.id)).to.not.include(q.id)
  })

  it('takes --reply-to as #seq, seq or channel#seq, as --consumes does', async () => {
    const {result: q} = await runCommand(Post, ['commons', 'q', '--status', 'open', ...as('alice', hub.url, home)])
    for (const ref of [`#${q.seq}`, `${q.seq}`, `commons#${q.seq}`]) {
      const {result: a} = await runCommand(Post, ['commons', `re ${ref}`, '--status', 'reply', '--reply-to', ref, ...as('bob', hub.url, home)])
      expect(a.reply_to, ref).to.equal(q.id)
    }
  })

  it('refuses a --reply-to seq that names no message, and a dm reply seq without its channel', async () => {
    const missing = await runFailure(Post, ['commons', 'x', '--status', 'reply', '--reply-to', '#99999', ...as('bob', hub.url, home)])
    expect(missing.message).to.match(/99999/)
    const {default: Dm} = await import('../../src/commands/dm.js')
    const bare = await runFailure(Dm, ['alice', 'x', '--status', 'reply', '--reply-to', '#3', ...as('bob', hub.url, home)])
    expect(bare.message).to.equal('--reply-to "#3" names a seq without its channel: write it as <channel>#3 or pass the message id')
  })

  it('refuses an unknown status at parse time, before contacting the hub', async () => {
    const error = await runFailure(Post, ['commons', 'x', '--status', 'urgent', ...as('alice', hub.url, home)])
    expect(error.message).to.match(/Expected --status=urgent to be one of/)
  })

  it('turns a hub refusal into an error carrying the hub detail (bare reply → 400)', async () => {
    const error = await runFailure(Post, ['commons', 'x', '--status', 'reply', ...as('alice', hub.url, home)])
    expect(error.message).to.include('400')
  })
})
