import {expect} from 'chai'

import {AgoraArgumentError} from '../src/errors.js'
import {seg, segs} from '../src/http.js'

const refusal = (f: () => unknown): unknown => { try { f() } catch (e) { return e } return null }

describe('http path segments', () => {
  it('encodes a channel name with `:` and `#`, and keeps a surrogate pair (an emoji) as its UTF-8 bytes', () => {
    expect(seg('dm:alice--bob')).to.equal('dm%3Aalice--bob')
    expect(seg('#ops\u{1F600}')).to.equal('%23ops%F0%9F%98%80')
  })

  it('refuses a lone UTF-16 surrogate with a 400 argument error that shows it as U+FFFD, instead of a URIError', () => {
    const e = refusal(() => seg('room\ud800'))
    expect(e).to.be.instanceOf(AgoraArgumentError)
    expect((e as AgoraArgumentError).status).to.equal(400)
    expect((e as Error).message).to.match(/^'room\ufffd' holds a lone UTF-16 surrogate .*send well-formed text$/)
    expect(refusal(() => seg('\udfff'))).to.be.instanceOf(AgoraArgumentError)
  })

  it('refuses `.` and `..` as a segment, which fetch would resolve into another route (the work item `..` is fetched as the hub root)', () => {
    for (const step of ['.', '..']) expect((refusal(() => seg(step)) as Error).message).to.include('a URL reads it as a folder step')
    expect(refusal(() => segs('notes/../secret.md'))).to.be.instanceOf(AgoraArgumentError)
    expect(seg('...')).to.equal('...')
    expect(segs('notes/a.md')).to.equal('notes/a.md')
  })
})
