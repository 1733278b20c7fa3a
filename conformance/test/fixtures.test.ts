import {expect} from 'chai'
import {FIXTURE_PLUGINS, loadFixture} from './helpers.js'

describe('fixtures', () => {
  for (const [label, dir] of Object.entries(FIXTURE_PLUGINS)) {
    it(`${dir} declares a schema-valid harness (${label})`, async () => {
      const target = await loadFixture(dir)
      expect(target.problems).to.deep.equal([])
      expect(target.valid).to.equal(true)
    })
  }
})
