import {expect} from 'chai'
import {createHub} from '@agora/hub'
import type {Hub} from '@agora/hub'
import {reportKey, reportToHub} from '../src/report-to-hub.js'
import type {HarnessCheckReport} from '../src/types.js'

const ADMIN = 'report-admin-key'

async function call(hub: Hub, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(hub.url + path, {method, headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body)})
  return res.json()
}

describe('harness-check --report-to-hub', () => {
  let hub: Hub
  let alice: string
  before(async () => {
    hub = await createHub({db: ':memory:', port: 0, adminKey: ADMIN})
    alice = (await call(hub, ADMIN, 'POST', '/agents', {id: 'alice'})).api_key
  })
  after(async () => hub.close())

  const report = {
    harness: 'pi', drivable: true, verdict: 'DRIVABLE', unmet: [], limitations: [],
    probes: [{id: 'C0', capability: 'declared', status: 'PASS', detail: 'ok', limitation: null},
      {id: 'C9', capability: 'live-turn', status: 'SKIP', detail: 'pass --live', limitation: null}],
    counts: {pass: 1, warn: 0, fail: 0, skip: 1},
  } as unknown as HarnessCheckReport

  it('stores the report in commons\' store under harness-check:<harness>:<seat>, as the seat', async () => {
    expect(await reportToHub(hub.url, alice, 'alice', report)).to.equal('harness-check:pi:alice')
    const stored = await call(hub, alice, 'GET', `/channels/commons/store/${encodeURIComponent(reportKey('pi', 'alice'))}`)
    expect(stored.updated_by).to.equal('alice')
    expect(stored.value).to.deep.include({harness: 'pi', verdict: 'DRIVABLE'})
    expect(stored.value.probes).to.deep.equal([{id: 'C0', capability: 'declared', status: 'PASS'}, {id: 'C9', capability: 'live-turn', status: 'SKIP'}])
  })

  it('throws the hub\'s refusal with its detail', async () => {
    const err = await reportToHub(hub.url, 'agora_not-a-key', 'alice', report).then(() => null, (e: Error) => e.message)
    expect(err).to.include('401').and.include('invalid api key')
  })
})
