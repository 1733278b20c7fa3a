import {expect} from 'chai'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {spawn} from 'node:child_process'

import type {HubPort, OwedReport} from '../../src/hub-port.js'
import {runListen} from '../../src/listen/run-listen.js'
import type {ListenOptions} from '../../src/listen/run-listen.js'
import {seatFiles} from '../../src/seat-files.js'
import {appendNotify, deadPid, notifyLine, sleep, tempHome} from '../helpers/home.js'

const owedWith = (rows: OwedReport['to_answer']): OwedReport => ({to_answer: rows, to_consume: [], counts: {to_answer: rows.length, to_consume: 0}})

function scriptedHub(owed: () => OwedReport, calls: string[] = []): HubPort {
  return {
    url: 'http://127.0.0.1:1',
    owed: async (options) => {
      calls.push(`owed:${options?.reception ?? ''}`)
      return owed()
    },
    inbox: async () => [],
    channels: async () => [],
    messageBySeq: async () => ({}),
    healthz: async () => true,
    whoami: async () => ({id: 'bob'}),
    storeList: async () => [],
    storeGet: async () => ({version: 0, value: null}),
  }
}

describe('runListen', () => {
  let home: string
  let cleanup: () => void
  let out: string[]
  let err: string[]
  beforeEach(() => {
    ;({home, cleanup} = tempHome())
    out = []
    err = []
  })
  afterEach(() => cleanup())

  const options = (extra: Partial<ListenOptions> = {}): ListenOptions => ({
    agentId: 'bob', url: 'http://127.0.0.1:1', home, source: 'file', once: false, importantOnly: false,
    maxWaitS: 1.5, debounceS: 0.4, heartbeatS: 300, ...extra,
  })
  const ports = (hub: HubPort | null = null) => ({out: (l: string) => out.push(l), err: (l: string) => err.push(l), hub})
  const files = () => seatFiles(home, 'bob')

  it('turns a burst of messages into exactly one wake', async () => {
    writeFileSync(files().notify, '', {mode: 0o600})
    const running = runListen(options(), ports())
    await sleep(200)
    appendNotify(files().notify, notifyLine({channel: 'general', seq: 1, sender: 'alice', id: 'a1'}))
    await sleep(50)
    appendNotify(files().notify, notifyLine({channel: 'general', seq: 2, sender: 'alice', id: 'a2'}), notifyLine({channel: 'dev', seq: 7, sender: 'carol', id: 'a3'}))
    const result = await running
    const wakes = out.filter((l) => l.startsWith('AGORA_WAKE'))
    expect(result.reason).to.equal('timeout')
    expect(wakes).to.deep.equal(['AGORA_WAKE agent=bob n=3 channels=general#2,dev#7'])
    expect(out[0]).to.equal('AGORA_LISTEN armed source=file agent=bob hub=http://127.0.0.1:1 window=2')
  })

  it('ignores own, retracted and pre-0.4 lines and wakes on the first qualifying one with --once', async () => {
    writeFileSync(files().notify, '', {mode: 0o600})
    const running = runListen(options({once: true, debounceS: 0}), ports())
    await sleep(150)
    appendNotify(
      files().notify,
      notifyLine({channel: 'general', seq: 1, sender: 'bob', id: 'own'}),
      notifyLine({channel: 'general', seq: 2, sender: 'alice', id: 'gone', retracted: true, flags: 'retracted'}),
      JSON.stringify({channel: 'general', seq: 3, from: 'alice'}),
      notifyLine({channel: 'dm:alice--bob', seq: 4, sender: 'alice', id: 'x', status: 'open', flags: 'to-me,addressed,open'}),
    )
    const result = await running
    expect(result.code).to.equal(2)
    expect(out.at(-1)).to.equal('AGORA_WAKE agent=bob n=1 channels=dm:alice--bob#4 flags=to-me,open,dm')
    expect(err.join('\n')).to.include('pre-0.4 hub')
    expect(err.at(-1)).to.match(/^AGORA: reception for bob; 1 new message/)
  })

  it('clamps hostile channel names and caps the channel list at six', async () => {
    writeFileSync(files().notify, '', {mode: 0o600})
    const running = runListen(options({once: true, debounceS: 0.2}), ports())
    await sleep(150)
    const hostile = 'evil\u001b[31m chan"$(rm -rf)' + 'x'.repeat(80)
    const lines = [notifyLine({channel: hostile, seq: 9, sender: 'alice', id: 'h'})]
    for (let i = 0; i < 7; i++) lines.push(notifyLine({channel: `room${i}`, seq: i + 1, sender: 'alice', id: `r${i}`}))
    appendNotify(files().notify, ...lines)
    await running
    const wake = out.find((l) => l.startsWith('AGORA_WAKE'))!
    const channels = wake.split(' ').find((f) => f.startsWith('channels='))!.slice('channels='.length).split(',')
    expect(channels).to.have.length(6)
    expect(channels[0]).to.equal(('evil??31m?chan???rm?-rf?' + 'x'.repeat(80)).slice(0, 64) + '#9')
    expect(wake).to.match(/ more=2$/)
    expect(wake).to.match(/^[\x20-\x7e]+$/)
  })

  it('wakes at arm time for an owed backlog once, then stays quiet for the same backlog', async () => {
    const calls: string[] = []
    const hub = scriptedHub(() => owedWith([{channel: 'general', id: '01J0000000AAAAAAAAAAAAAAAA', seq: 5, sender: 'alice', asks_naming_you: ['q1']}]), calls)
    writeFileSync(files().notify, '', {mode: 0o600})
    const first = await runListen(options({once: true, maxWaitS: 0.3}), ports(hub))
    expect(first.code).to.equal(2)
    expect(first.reason).to.equal('backlog')
    expect(out[0]).to.match(/^AGORA_WAKE agent=bob n=0 backlog oldest=general#5,\d+s,names-you owed=1$/)
    expect(calls[0]).to.equal('owed:true')
    expect(readFileSync(files().listenOwedsig, 'utf8').trim()).to.equal('01J0000000AAAAAAAAAAAAAAAA')
    const second = await runListen(options({once: true, maxWaitS: 0.3}), ports(hub))
    expect(second).to.include({code: 0, reason: 'timeout'})
  })

  it('takes over a lock left by a dead listener', async () => {
    writeFileSync(files().notify, '', {mode: 0o600})
    writeFileSync(files().listenLock, `${deadPid()}\n`)
    const result = await runListen(options({maxWaitS: 0.2}), ports())
    expect(result.reason).to.equal('timeout')
    expect(out[0]).to.match(/^AGORA_LISTEN armed/)
    expect(existsSync(files().listenLock)).to.equal(false)
    expect(existsSync(files().listenPid)).to.equal(false)
  })

  it('ends already-armed when a live listener holds the lock', async () => {
    writeFileSync(files().notify, '', {mode: 0o600})
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      writeFileSync(files().listenLock, `${holder.pid}\n`)
      const result = await runListen(options(), ports())
      expect(result).to.include({code: 0, reason: 'already-armed'})
      expect(out).to.deep.equal(['AGORA_LISTEN ended reason=already-armed'])
      expect(readFileSync(files().listenLock, 'utf8').trim()).to.equal(String(holder.pid))
    } finally {
      holder.kill()
    }
  })

  it('yields to a live driver that owns reception', async () => {
    writeFileSync(files().drivePid, `${process.pid}\n`)
    const result = await runListen(options(), ports())
    expect(result).to.include({code: 0, reason: 'driver-owns-reception'})
    expect(out).to.deep.equal(['AGORA_LISTEN ended reason=driver-owns-reception'])
  })

  it('exits 1 when file mode is forced and no notify file exists', async () => {
    const result = await runListen(options(), ports())
    expect(result).to.include({code: 1, reason: 'no-notify-file'})
  })

  it('resumes a --once listener from its saved offset', async () => {
    writeFileSync(files().notify, '', {mode: 0o600})
    await runListen(options({once: true, maxWaitS: 0.2}), ports())
    appendNotify(files().notify, notifyLine({channel: 'general', seq: 3, sender: 'alice', id: 'late'}))
    const result = await runListen(options({once: true, debounceS: 0, maxWaitS: 1}), ports())
    expect(result.code).to.equal(2)
    expect(out.at(-1)).to.equal('AGORA_WAKE agent=bob n=1 channels=general#3')
  })
})
