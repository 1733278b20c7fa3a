import {expect} from 'chai'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {ROTATE_BYTES, notifyLine} from '../../../../src/services/push/notify.js'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('notify files', () => {
  it('formats a line with Python json.dumps separators, fixed flag order and ASCII escapes', () => {
    const line = notifyLine({channel: 'room', seq: 4, sender: 'alice', id: 'ID', kind: 'message', status: 'open',
      title: 'caf\u00e9', retracted: false, to_me: true, addressed: true, from_operator: false, critical: false,
      escalated: false, reply_to_me: false, body: 'hello', attachments: []})
    expect(line).to.equal('{"channel": "room", "seq": 4, "sender": "alice", "id": "ID", "kind": "message", "status": "open", ' +
      '"title": "caf\\u00e9", "retracted": false, "flags": "to-me,addressed,open", "preview": "hello"}')
  })

  it('writes one 0600 line per member except the sender, in a 0700 directory', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'agora-notify-')), 'n')
    const hub = await scratchHub({notifyDir: dir})
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'ping', status: 'open', to: ['bob']})
      const lines = readFileSync(join(dir, 'bob-inbox.log'), 'utf8').trim().split('\n').map(l => JSON.parse(l))
      const last = lines.at(-1)
      expect(last).to.include({channel: 'room', sender: 'alice', status: 'open', preview: 'ping'})
      expect(last.flags).to.equal('to-me,addressed,open')
      expect(statSync(dir).mode & 0o777).to.equal(0o700)
      expect(statSync(join(dir, 'bob-inbox.log')).mode & 0o777).to.equal(0o600)
      const alice = readFileSync(join(dir, 'alice-inbox.log'), 'utf8')
      expect(alice).not.to.contain('"preview": "ping"')
    } finally { await hub.close() }
  })

  it('rotates a log already past 8 MiB on its first line, and recreates a directory removed by hand on the next', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'agora-notify-')), 'n')
    mkdirSync(dir, {mode: 0o700})
    const file = join(dir, 'bob-inbox.log')
    writeFileSync(file, '', {mode: 0o600})
    truncateSync(file, ROTATE_BYTES + 1)
    const hub = await scratchHub({notifyDir: dir})
    const linesOf = async (want: string): Promise<string[]> => {
      for (let i = 0; i < 100 && !(existsSync(file) && readFileSync(file, 'utf8').includes(want)); i++) await new Promise(r => setTimeout(r, 20))
      return readFileSync(file, 'utf8').trim().split('\n')
    }
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'first', status: 'fyi'})
      const lines = await linesOf('"preview": "first"')
      expect(statSync(`${file}.1`).size).to.equal(ROTATE_BYTES + 1)
      expect(statSync(file).size).to.be.lessThan(4096)
      expect(lines.map(l => JSON.parse(l).preview)).to.include('first')
      rmSync(dir, {recursive: true, force: true})
      await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'second', status: 'fyi'})
      expect((await linesOf('"preview": "second"')).map(l => JSON.parse(l).preview)).to.deep.equal(['second'])
      expect(existsSync(`${file}.1`), 'the old rotation went with the directory').to.equal(false)
      expect(statSync(dir).mode & 0o777).to.equal(0o700)
      expect(statSync(file).mode & 0o777).to.equal(0o600)
    } finally { await hub.close() }
  })
})
