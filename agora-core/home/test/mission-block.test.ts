import {expect} from 'chai'
import {applyMission, extractMission} from '../src/mission-block.js'

describe('mission block', () => {
  describe('applyMission', () => {
    const base = '<!-- agora:begin -->\nR\n<!-- agora:end -->\n\nuser text\n'

    it('appends the mission block at the end, then replaces it in place', () => {
      const once = applyMission(base, 'Ship the parser.')
      expect(once.startsWith(base.trimEnd())).to.equal(true)
      expect(extractMission(once)).to.include('## Your mission').and.include('Ship the parser.')
      const twice = applyMission(once, 'Review only.')
      expect(twice).to.include('Review only.').and.not.include('Ship the parser.')
      expect(applyMission(twice, 'Review only.')).to.equal(twice)
    })

    it('deletes the block when the hub says there is no mission', () => {
      expect(applyMission(applyMission(base, 'x'), null)).to.equal(base)
      expect(applyMission(applyMission(base, 'x'), '')).to.equal(base)
    })
  })

  it('re-attaches a verbatim block extracted from another file', () => {
    const block = extractMission(applyMission('a\n', 'Keep the build green.'))!
    expect(applyMission('b\n', null, block)).to.equal(`b\n\n${block}\n`)
  })
})
