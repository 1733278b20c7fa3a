import {expect} from 'chai'

import {httpHub} from '../../src/hub-port.js'
import {runListen} from '../../src/listen/run-listen.js'
import type {ListenOptions} from '../../src/listen/run-listen.js'
import {openWsSource} from '../../src/listen/ws-source.js'
import {sleep} from '../helpers/home.js'
import {ADMIN, askBob, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

// End to end through the hub's sweep scheduler: a seat dark while owing an escalated answer gives its
// reporting delegate exactly one AGENT DARK, and a listener tailing the seat's notify file wakes on the
// escalation re-wake the hub re-emits when the debt crosses the next SLA band.
describe('hub sweeps end to end: AGENT DARK and the re-emitted wake', function () {
  this.timeout(30_000)
  let world: World
  afterEach(async () => world.close())

  const listen = (out: string[], extra: Partial<ListenOptions> = {}) =>
    runListen(
      {agentId: 'bob', url: world.hub.url, home: world.home, source: 'file', once: true, importantOnly: false, maxWaitS: 10, debounceS: 0, heartbeatS: 300, ...extra},
      {out: (l) => out.push(l), err: () => {}, hub: httpHub({url: world.hub.url, agentId: 'bob', home: world.home}), openWs: openWsSource},
    )

  it('alerts the reporting delegate once about the dark seat, and the armed listener sees the 2×SLA re-wake', async () => {
    let t = Date.now() / 1000
    world = await openWorld({now: () => t})
    const admin = (method: string, path: string, body: unknown) => fetch(world.hub.url + path, {method,
      headers: {authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json'}, body: JSON.stringify(body)}).then(async r => {
      if (!r.ok) throw new Error(`${path} -> ${r.status} ${await r.text()}`)
      return r.json() as Promise<any>
    })
    const rexKey = (await admin('POST', '/agents', {id: 'rex', about: 'reports'})).api_key as string
    await admin('PUT', '/admin/delegation', {agent_id: 'rex', powers: ['reporting'], mission: 'keep the picture for the operator'})
    const ask = await askBob(world)
    t += 61 * 60
    const first = await world.hub.runSweeps()
    expect(first.results.dark).to.deep.equal(['bob'])
    expect(first.results.wakes).to.deep.equal([`bob:${ask.id}:band1x`])
    expect((await world.hub.runSweeps()).results.dark).to.deep.equal([])
    const alerts = await fetch(`${world.hub.url}/channels/hub-alerts/messages?since=0`, {headers: {authorization: `Bearer ${rexKey}`}}).then(r => r.json()) as any[]
    const dark = alerts.filter(m => m.title.startsWith('AGENT DARK'))
    expect(dark).to.have.length(1)
    expect(dark[0]).to.include({sender: 'hub', status: 'fyi', title: 'AGENT DARK bob'})
    expect(dark[0].to).to.deep.equal(['rex'])
    expect(dark[0].body).to.equal('AGENT DARK: bob is offline with 1 escalated debt ((dm)#1)')

    const backlog: string[] = []
    expect((await listen(backlog)).code, 'the arm-time backlog wake').to.equal(2)
    const out: string[] = []
    const running = listen(out)
    await sleep(400)
    t += 60 * 60
    const second = await world.hub.runSweeps()
    expect(second.results.wakes).to.deep.equal([`bob:${ask.id}:band2x`])
    expect(second.results.dark, 'bob is back (his listener called the hub), so no second alert').to.deep.equal([])
    const result = await running
    expect(result.code).to.equal(2)
    expect(out[0]).to.equal(`AGORA_LISTEN armed source=file agent=bob hub=${world.hub.url} window=10`)
    expect(out.at(-1)).to.match(/^AGORA_WAKE agent=bob n=1 channels=dm:alice--bob#1 .*flags=[a-z,-]*escalated[a-z,-]*/)
  })
})
