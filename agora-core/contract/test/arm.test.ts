import {expect} from 'chai'
import {armRefusal, resolvePermissions} from '../src/index.js'
import {acme, variant} from './fixtures/acme.js'

const narrow = variant({
  name: 'narrow',
  supports: ['session'],
  reasoningVocab: [],
  knobRequirements: [],
  permissions: {vocab: ['write'], argv: {}, rationale: 'its sandbox is the only boundary it has.', default: null},
})

describe('arm', () => {
  describe('armRefusal', () => {
    it('accepts a request the harness declares', () => {
      expect(armRefusal(acme, {model: 'm', provider: 'p', reasoning: 'high', permissions: 'read', harnessArgs: [['k', 'v']]}, [acme])).to.equal(null)
    })

    it('refuses hard unmet items first, naming them without any vendor text', () => {
      const partial = variant({name: 'partial', unmet: ['tool-reach', 'evidence', 'identity'], evidence: null})
      const text = armRefusal(partial, {reasoning: 'nope'}, [partial])!
      expect(text).to.equal("the 'partial' harness does not meet the agora harness contract for a DRIVEN seat — unmet: tool-reach, identity. " +
        'Run `agora harness-check partial` for the full report; the seat still works in-session: `agora setup <id> --harness partial`.')
    })

    it('refuses --model when undeclared, naming the harnesses that support it (⚠ the reference never checks model)', () => {
      expect(armRefusal(narrow, {model: 'm'}, [narrow, acme])).to.equal("--model is not supported by the 'narrow' harness (supported by: acme).")
    })

    it('refuses --permissions and --harness-arg when undeclared (⚠ the reference never checks them)', () => {
      expect(armRefusal(narrow, {permissions: 'write'}, [narrow, acme])).to.contain('--permissions is not supported')
      expect(armRefusal(narrow, {harnessArgs: [['x', 'y']]}, [narrow])).to.equal("--harness-arg is not supported by the 'narrow' harness (supported by: no installed harness).")
    })

    it('ignores empty values', () => {
      expect(armRefusal(narrow, {model: '', provider: null, harnessArgs: []}, [narrow])).to.equal(null)
    })

    it('refuses a level outside the vocabulary with the vocabulary and rationale', () => {
      const one = variant({name: 'one', permissions: {vocab: ['write', 'all'], argv: {}, rationale: 'reads cannot be enforced.', default: null}})
      expect(armRefusal(one, {permissions: 'read'}, [one])).to.equal("the 'one' harness accepts --permissions write|all — got 'read'. reads cannot be enforced.")
    })

    it('refuses a knob missing its companion', () => {
      expect(armRefusal(acme, {provider: 'p'}, [acme])).to.equal("--provider needs --model on the 'acme' harness: the provider prefixes the model name.")
    })

    it('refuses a reasoning value outside the vocabulary last', () => {
      expect(armRefusal(acme, {reasoning: 'max'}, [acme])).to.equal("the 'acme' harness accepts --reasoning-effort low|high — got 'max'. agora's flag spans several harnesses and each accepts its own vocabulary.")
    })
  })

  describe('resolvePermissions', () => {
    it("takes the operator's level, else the declared default, else write", () => {
      const allOnly = variant({permissions: {vocab: ['all'], argv: {all: ['--yolo']}, rationale: 'headless approval is a denial.', default: 'all'}})
      expect(resolvePermissions(acme, 'read')).to.equal('read')
      expect(resolvePermissions(allOnly)).to.equal('all')
      expect(resolvePermissions(acme)).to.equal('write')
    })
  })
})
