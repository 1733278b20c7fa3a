import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {markedBlock, renderRule, sharedSlots, slotsFor, upsertMarkedSection} from '../../src/setup/rule.js'
import type {SetupVars} from '../../src/setup/vars.js'
import {ASSETS, NAMES, harness} from './helpers.js'

const VARS: SetupVars = {
  agora: '/a/agora', mcpCommand: '/a/agora-mcp', seatId: 'alice', url: 'http://h', about: '', home: '/h/.agora', homeIsDefault: true,
}
const TEMPLATE = readFileSync(join(ASSETS, 'rule-template.md'), 'utf8')
const words = (text: string) => text.split(/\s+/).filter(Boolean).length

describe('rule', () => {
  describe('renderRule', () => {
    for (const name of NAMES) {
      it(`renders ${name}'s rule in 600–900 words with every slot filled`, () => {
        const body = renderRule(TEMPLATE, slotsFor(harness(name).workspace, true), VARS)
        expect(words(body)).to.be.within(600, 900)
        expect(body).not.to.match(/\{\{/)
        expect(body).to.include('# agora seat: alice')
      })
    }

    it('names every sharing harness in sorted order whatever order they come in', () => {
      const a = renderRule(TEMPLATE, sharedSlots(['pi', 'codex', 'opencode'], 'AGENTS.md'), VARS)
      const b = renderRule(TEMPLATE, sharedSlots(['opencode', 'pi', 'codex'], 'AGENTS.md'), VARS)
      expect(a).to.equal(b)
      expect(a).to.include('shared by the harnesses codex, opencode, pi')
      expect(a).not.to.include('wait_for_messages(45)')
    })

    it('uses the --no-hook variant of a slot when hooks are off', () => {
      const fp = harness('claude').workspace
      expect(slotsFor(fp, false).wakeNote).to.include('--no-hook')
      expect(slotsFor(fp, true).wakeNote).not.to.include('--no-hook')
    })
  })

  describe('upsertMarkedSection', () => {
    it('puts the block at the top and keeps the user text below, joined by one blank line', () => {
      const out = upsertMarkedSection('# My project\n\nBuild with make.\n', markedBlock('RULES'))
      expect(out).to.equal('<!-- agora:begin -->\nRULES\n<!-- agora:end -->\n\n# My project\n\nBuild with make.\n')
    })

    it('moves an old block from the middle to the top, replacing it', () => {
      const old = 'intro\n\n<!-- agora:begin -->\nOLD\n<!-- agora:end -->\n\noutro\n'
      expect(upsertMarkedSection(old, markedBlock('NEW'))).to.equal('<!-- agora:begin -->\nNEW\n<!-- agora:end -->\n\nintro\n\noutro\n')
    })
  })
})
