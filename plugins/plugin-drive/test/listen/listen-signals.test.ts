import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {existsSync, statSync, writeFileSync} from 'node:fs'

import {AGORA_RUN} from '../helpers/cli.js'
import {sleep, tempHome} from '../helpers/home.js'
import {seatFiles} from '../../src/seat-files.js'

describe('agora listen process', function () {
  this.timeout(30_000)

  it('prints heartbeats, keeps its pidfile and lock, and on SIGTERM writes the tombstone and removes both', async () => {
    const {home, cleanup} = tempHome()
    try {
      const files = seatFiles(home, 'bob')
      writeFileSync(files.notify, '', {mode: 0o600})
      const child = spawn(process.execPath, [AGORA_RUN, 'listen', '--as', 'bob', '--url', 'http://127.0.0.1:9', '--home', home, '--heartbeat', '1'], {stdio: ['ignore', 'pipe', 'pipe']})
      let stdout = ''
      child.stdout.on('data', (d) => (stdout += d))
      const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
      for (let i = 0; i < 100 && !stdout.includes('heartbeat'); i++) await sleep(100)
      expect(existsSync(files.listenLock)).to.equal(true)
      expect(statSync(files.listenPid).mode & 0o777).to.equal(0o600)
      child.kill('SIGTERM')
      expect(await closed).to.equal(0)
      const lines = stdout.trim().split('\n')
      expect(lines[0]).to.equal('AGORA_LISTEN armed source=file agent=bob hub=http://127.0.0.1:9')
      expect(lines[1]).to.match(/^AGORA_LISTEN heartbeat ts=\d+$/)
      expect(lines.at(-1)).to.equal('AGORA_LISTEN ended reason=signal')
      expect(existsSync(files.listenLock)).to.equal(false)
      expect(existsSync(files.listenPid)).to.equal(false)
    } finally {
      cleanup()
    }
  })
})
