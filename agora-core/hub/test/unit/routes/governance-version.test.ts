import {expect} from 'chai'
import {TestHub, rawCall} from '../../helpers/hub.js'

describe('PUT /admin/charter: the version a writer sends', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  for (const token of ['1e300', '9007199254740993', '1.7976931348623157e308']) {
    it(`refuses version ${token} with 422, a number no JSON integer holds exactly, and keeps the charter as it was`, async () => {
      const r = await rawCall(h.url, {method: 'PUT', path: '/admin/charter', key: h.admin.key, rawBody: `{"text":"be kind","version":${token}}`})
      expect(r.status, r.text).to.equal(422)
      expect(r.text).to.match(/version/)
      const ok = await rawCall(h.url, {method: 'PUT', path: '/admin/charter', key: h.admin.key, rawBody: '{"text":"be kind","version":2.0}'})
      expect(ok.status, ok.text).to.equal(200)
      expect((ok.body as {version: number}).version).to.equal(2)
    })
  }
})
