import {expect} from 'chai'
import fc from 'fast-check'

import {PANE_BLOCK_LIMIT, PaneParser} from '../../src/openrig/pane-input.js'
import type {PaneEvent} from '../../src/openrig/pane-input.js'

const parse = (tty: boolean, ...chunks: string[]): PaneEvent[] => {
  const events: PaneEvent[] = []
  const parser = new PaneParser(tty, (e) => events.push(e))
  for (const chunk of chunks) parser.feed(chunk)
  return events
}
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`

describe('pane input (what rig send delivers to an OpenRig runner\'s pane)', () => {
  it('reads a pasted multi-line message and its Enter as one prompt, newlines kept', () => {
    expect(parse(true, paste('From: lead@rig\rTo: dev@rig\r\rplease fix the parser'), '\r')).to.deep.equal([
      {kind: 'prompt', text: 'From: lead@rig\nTo: dev@rig\n\nplease fix the parser'}])
  })

  it('reads a CRLF split across two reads as one line break, inside a paste and at Enter', () => {
    expect(parse(true, paste('a\r'), '\r'), 'paste ends in CR, then Enter').to.deep.equal([{kind: 'prompt', text: 'a\n'}])
    expect(parse(true, '\x1b[200~a\r', '\nb\x1b[201~\r')).to.deep.equal([{kind: 'prompt', text: 'a\nb'}])
    expect(parse(false, 'one\r', '\ntwo\n')).to.deep.equal([{kind: 'prompt', text: 'one'}, {kind: 'prompt', text: 'two'}])
  })

  it('keeps a paste whole when its markers and text arrive split across reads', () => {
    const whole = `${paste('line one\nline two')}\r`
    const chunks = [whole.slice(0, 3), whole.slice(3, 9), whole.slice(9, 20), whole.slice(20, -2), whole.slice(-2)]
    expect(parse(true, ...chunks)).to.deep.equal([{kind: 'prompt', text: 'line one\nline two'}])
  })

  it('never acts on a line inside a block: /abort inside a message is text', () => {
    expect(parse(true, paste('do this\n/abort\nthen that'), '\r')).to.deep.equal([{kind: 'prompt', text: 'do this\n/abort\nthen that'}])
  })

  it('treats a block that is exactly /abort, and Ctrl-C outside a paste, as control', () => {
    expect(parse(true, '/abort\r', '\x03')).to.deep.equal([{kind: 'abort', via: '/abort'}, {kind: 'abort', via: 'ctrl-c'}])
  })

  it('aborts on a Ctrl-C byte inside a paste (a stated limit) and drops the half block', () => {
    expect(parse(true, '\x1b[200~half', '\x03', 'rest\x1b[201~\r')).to.deep.equal([{kind: 'abort', via: 'ctrl-c'}, {kind: 'prompt', text: 'rest'}])
  })

  it('applies typed backspace and ignores arrow keys outside a paste', () => {
    expect(parse(true, 'helo\x7flo', '\x1b[D', '\r')).to.deep.equal([{kind: 'prompt', text: 'hello'}])
  })

  it('reads line by line without a TTY, with a last unterminated line at end of input', () => {
    const events: PaneEvent[] = []
    const parser = new PaneParser(false, (e) => events.push(e))
    parser.feed('first message\r\nsecond')
    parser.feed(' part\n\n/abort\nlast')
    parser.end()
    expect(events).to.deep.equal([{kind: 'prompt', text: 'first message'}, {kind: 'prompt', text: 'second part'}, {kind: 'abort', via: '/abort'}, {kind: 'prompt', text: 'last'}])
  })

  it('refuses a block over the cap whole, naming what to do, and reads the next one', () => {
    const events = parse(false, 'x'.repeat(PANE_BLOCK_LIMIT + 1) + '\n', 'ok\n')
    expect(events).to.deep.equal([{kind: 'refused', reason: 'the message is over 1024 KiB; send it as a file and name the file'}, {kind: 'prompt', text: 'ok'}])
  })

  it('delivers any pasted text (no Ctrl-C, no paste marker) as exactly one prompt however it is split', () => {
    const text = fc.string({unit: fc.oneof(fc.constantFrom('\n', '\r', '\t', '\x1b', ' ', 'é', '😀'), fc.string({minLength: 1, maxLength: 1}))})
      .filter((t) => !t.includes('\x03') && !t.includes('\x1b[20') && t.trim() !== '' && t.trim() !== '/abort')
    fc.assert(fc.property(text, fc.array(fc.nat(), {maxLength: 6}), (body, cuts) => {
      const whole = `${paste(body)}\r`
      const points = [...new Set(cuts.map((c) => c % whole.length))].sort((a, b) => a - b)
      const chunks = [0, ...points].map((p, i, all) => whole.slice(p, all[i + 1] ?? whole.length))
      const events = parse(true, ...chunks)
      expect(events).to.deep.equal([{kind: 'prompt', text: body.replace(/\r\n?/g, '\n')}])
    }), {numRuns: 1000})
  })
})
