import {createServer} from 'node:http'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {AgoraClient} from '@agora/client'
import {HUB_VERSION} from '@agora/hub'
import {expect} from 'chai'

import {HubVersionWatch, isNewer} from '../src/staleness.js'
import {startHub} from './helpers/hub.js'
import type {TestHub} from './helpers/hub.js'

describe('staleness', function () {
  this.timeout(30_000)
  let hub: TestHub

  before(async () => { hub = await startHub([]) })
  after(async () => { await hub?.close() })

  it('compares dotted versions part by part as numbers', () => {
    expect(isNewer('0.10.0', '0.9.9')).to.equal(true)
    expect(isNewer('1.0.0', '1.0')).to.equal(false)
    expect(isNewer('0.1.0', '0.1.1')).to.equal(false)
    expect(isNewer('2.0.0-rc.1', '1.9.9')).to.equal(true)
  })

  it('raises a restart banner once the hub reports a newer version than this server', async () => {
    const watch = new HubVersionWatch(new AgoraClient({url: hub.url}), '0.0.0')
    await watch.refresh()
    expect(watch.banner()).to.include('STALE SERVER').and.include(`the hub runs ${HUB_VERSION}`)
  })

  it('stays silent when the server is as new as the hub', async () => {
    const watch = new HubVersionWatch(new AgoraClient({url: hub.url}), HUB_VERSION)
    await watch.refresh()
    expect(watch.banner()).to.equal('')
  })

  it('stays silent against another implementation whose version numbers run ahead of ours', async () => {
    const reference = await referenceHealthz()
    try {
      const watch = new HubVersionWatch(new AgoraClient({url: reference.url}), HUB_VERSION)
      await watch.refresh()
      expect(watch.probes).to.equal(1)
      expect(watch.banner()).to.equal('')
    } finally {
      await new Promise((ok) => reference.server.close(ok))
    }
  })

  it('probes the hub at most once per interval', async () => {
    let now = 0
    const watch = new HubVersionWatch(new AgoraClient({url: hub.url}), '0.0.0', 300_000, () => now)
    await watch.refresh()
    now = 299_999
    watch.banner()
    await watch.refresh()
    expect(watch.probes).to.equal(1)
    now = 300_000
    await watch.refresh()
    expect(watch.probes).to.equal(2)
  })
})

/** A hub that answers `/healthz` as the reference implementation (agorahub 0.17.8) does: no `implementation`. */
async function referenceHealthz(): Promise<{server: Server; url: string}> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json')
    if (req.url === '/healthz') res.end(JSON.stringify({ok: true, db: 'ok', version: '0.17.8', protocol: 'agora/0.4', paused: false}))
    else { res.statusCode = 404; res.end('{"detail":"Not Found"}') }
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`}
}
