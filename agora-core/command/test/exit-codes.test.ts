import {expect} from 'chai'

import {ExitCode} from '../src/exit-codes.js'

// Scripts and harness loops branch on these numbers: renaming is free, renumbering breaks users.
describe('ExitCode', () => {
  it('keeps the numbers agora listen and agora drive have always exited with', () => {
    expect(ExitCode).to.deep.equal({Ok: 0, Failed: 1, Wake: 2, Refused: 2, WakeRoom: 4, WakeNothingOwed: 5, Interrupted: 130})
  })
})
