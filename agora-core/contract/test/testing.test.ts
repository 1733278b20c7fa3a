import fs from 'node:fs'
import {readFileSync} from 'node:fs'
import {expect} from 'chai'
import {probeKnob} from '../src/index.js'
import {describeHarnessContract, recordSideEffects} from '../src/testing.js'
import {acme, variant} from './fixtures/acme.js'

describe('testing', () => {
  describeHarnessContract(acme)

  describe('probeKnob', () => {
    it('reports a declared knob the command ignores as accepted and dropped', () => {
      const sloppy = variant({buildCommand: (turn) => acme.buildCommand({...turn, model: null})})
      expect(probeKnob(sloppy, 'model')).to.deep.include({outcome: 'dropped', declared: true})
    })

    it('reports a declared knob whose value never reaches the command as dropped', () => {
      const constant = variant({buildCommand: (turn) => acme.buildCommand({...turn, reasoning: turn.reasoning ? 'low' : null})})
      expect(probeKnob(constant, 'reasoning').outcome).to.equal('dropped')
    })

    it('probes a knob with the companions its requirements name', () => {
      expect(probeKnob(acme, 'provider')).to.deep.include({outcome: 'reached'})
    })

    it('reports an undeclared knob that arm-time does not refuse as dropped, and a refused one as refused', () => {
      const narrow = variant({supports: ['model', 'session'], reasoningVocab: [], knobRequirements: []})
      expect(probeKnob(narrow, 'reasoning').outcome).to.equal('refused')
      expect(probeKnob(narrow, 'harness-args').outcome).to.equal('refused')
    })
  })

  describe('recordSideEffects', () => {
    it('records fs calls through named and default imports, env reads and the clock, then restores them', () => {
      const {touched} = recordSideEffects(() => {
        readFileSync('/dev/null')
        fs.existsSync('/')
        void process.env.HOME
        return Date.now()
      })
      expect(touched).to.deep.equal(['fs.readFileSync', 'fs.existsSync', 'process.env.HOME', 'Date.now'])
      expect(process.env.PATH).to.be.a('string')
      expect(recordSideEffects(() => readFileSync('/dev/null')).touched).to.deep.equal(['fs.readFileSync'])
      expect(recordSideEffects(() => 1).touched).to.deep.equal([])
    })
  })
})
