import {expect} from 'chai'
import {answerPermission} from '../../src/acp/permission.js'
import {the} from '../../../../test/helpers/present.js'

const OPTIONS = [
  {optionId: 'once', kind: 'allow_once'},
  {optionId: 'always', kind: 'allow_always'},
  {optionId: 'no', kind: 'reject_once'},
]
const ask = (title: string, kind: string, options = OPTIONS, announced = '') => ({toolCall: {titles: [title, announced].filter(Boolean), kind}, options})
const chosen = (answer: ReturnType<typeof answerPermission>) => (answer.outcome.outcome === 'selected' ? answer.outcome.optionId : 'cancelled')

describe('acp/permission', () => {
  it('allows only read-like kinds at read, and agora tools at every level', () => {
    expect(['read', 'search', 'fetch', 'think'].map((kind) => chosen(answerPermission('read', ask('look', kind))))).to.deep.equal(['once', 'once', 'once', 'once'])
    expect(['edit', 'execute', 'delete', 'move', 'other'].map((kind) => chosen(answerPermission('read', ask('act', kind))))).to.deep.equal(['no', 'no', 'no', 'no', 'no'])
    expect(chosen(answerPermission('read', ask('mcp__agora__send', 'other')))).to.equal('once')
    expect(chosen(answerPermission('read', ask('Approve MCP tool call', 'other', OPTIONS, 'Tool: agora/post_message')))).to.equal('once')
  })

  it('allows edits and execution once at write, but not a mode switch', () => {
    expect(chosen(answerPermission('write', ask('edit', 'edit')))).to.equal('once')
    expect(chosen(answerPermission('write', ask('run', 'execute')))).to.equal('once')
    expect(answerPermission('write', ask('mode', 'switch_mode'))).to.deep.include({refused: true})
  })

  it('prefers allow_always at all', () => {
    expect(chosen(answerPermission('all', ask('mode', 'switch_mode')))).to.equal('always')
  })

  it('answers cancelled when a refusal has no reject option, so no request stays pending', () => {
    expect(answerPermission('read', ask('edit', 'edit', [the(OPTIONS, 0)]))).to.deep.equal({outcome: {outcome: 'cancelled'}, refused: true, kind: 'edit'})
  })
})
