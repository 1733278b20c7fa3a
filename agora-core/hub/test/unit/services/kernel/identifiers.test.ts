import {expect} from 'chai'
import {AgoraError} from '@agora/protocol'
import {codePointLength, nfcIdentifier} from '../../../../src/services/kernel/identifiers.js'
import {validateChannelName} from '../../../../src/services/channels/channels.js'
import {validatePath} from '../../../../src/services/store/fs.js'
import {storeKey} from '../../../../src/services/store/store.js'
import {type Caller, TestHub} from '../../../helpers/hub.js'
import {WsSeat} from '../../../helpers/ws.js'

const NFC = 'caf\u00e9'
const NFD = 'cafe\u0301'

function refusal(fn: () => unknown): AgoraError {
  try {
    fn()
  } catch (err) {
    if (err instanceof AgoraError) return err
    throw err
  }
  throw new Error('expected a refusal')
}

describe('the identifier rule', () => {
  it('reads names in NFC', () => {
    expect(nfcIdentifier(NFD, 'name', 'fix it')).to.equal(NFC)
    expect(validateChannelName(NFD)).to.equal(NFC)
    expect(validatePath(`notes/${NFD}.md`)).to.equal(`notes/${NFC}.md`)
    expect(storeKey(`k-${NFD}`)).to.equal(`k-${NFC}`)
  })

  const lookAlikes: Array<[string, string]> = [
    ['zero-width space', 'pub\u200b'], ['zero-width non-joiner', 'p\u200cub'], ['left-to-right mark', 'p\u200eub'],
    ['word joiner', 'p\u2060ub'], ['invisible plus', 'p\u2064ub'], ['BOM', '\ufeffpub'], ['soft hyphen', 'p\u00adub'],
    ['Mongolian vowel separator', 'p\u180eub'], ['combining grapheme joiner', 'p\u034fub'],
    ['right-to-left override', 'x\u202egnp.exe'], ['left-to-right embedding', 'x\u202ay'], ['first strong isolate', 'x\u2068y'],
    ['Arabic letter mark', 'x\u061cy'], ['NUL', 'a\u0000b'], ['escape', 'a\u001bb'], ['DEL', 'a\u007fb'], ['C1 NEL', 'a\u0085b'],
  ]
  for (const [what, name] of lookAlikes) {
    it(`refuses a ${what} in a channel name, a path segment and a store key with 400 naming the code point`, () => {
      const code = `U+${(name.match(/[^\w.\u00e9]/u)?.[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
      for (const fn of [() => validateChannelName(name), () => validatePath(`dir/${name}`), () => storeKey(name)]) {
        const e = refusal(fn)
        expect(e.status).to.equal(400)
        expect(String(e.detail)).to.contain(code).and.contain('remove it')
      }
    })
  }

  it('refuses . and .. as a channel name and as a path segment', () => {
    for (const name of ['.', '..']) {
      expect(refusal(() => validateChannelName(name)).status).to.equal(400)
      expect(refusal(() => validatePath(`a/${name}/b`)).status).to.equal(400)
      expect(refusal(() => validatePath(name)).status).to.equal(400)
    }
    expect(validateChannelName('a.b')).to.equal('a.b')
  })

  it('counts length limits in code points after NFC', () => {
    expect(codePointLength('😀é')).to.equal(2)
    expect(validateChannelName('😀'.repeat(128))).to.have.length(256)
    expect(refusal(() => validateChannelName('😀'.repeat(129))).status).to.equal(400)
    expect(validateChannelName('e\u0301'.repeat(128))).to.equal('\u00e9'.repeat(128))
    expect(refusal(() => validatePath('\u00e9'.repeat(513))).status).to.equal(400)
    expect(refusal(() => storeKey('k'.repeat(513))).status).to.equal(400)
  })
})

describe('the identifier rule through the HTTP routes', () => {
  let h: TestHub
  let alice: Caller

  before(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
  })
  after(async () => { await h?.close() })

  it('names one channel by either spelling: the NFD create is a 409 duplicate and the NFD URL finds it', async () => {
    const created = await alice.ok('POST', '/channels', {name: NFC, private: false})
    expect(created.name).to.equal(NFC)
    const again = await alice.post('/channels', {name: NFD, private: false})
    expect(again.status).to.equal(409)
    const info = await alice.ok('GET', `/channels/${encodeURIComponent(NFD)}/info`)
    expect(info.name ?? info.channel?.name).to.equal(NFC)
    const names = (await alice.ok('GET', '/channels')).map((c: {name: string}) => c.name)
    expect(names.filter((n: string) => n.normalize('NFC') === NFC)).to.deep.equal([NFC])
  })

  it('posts a WS frame that names the channel in NFD into the NFC channel', async () => {
    const ws = await WsSeat.connect(h.url, alice.key as string)
    try {
      const posted = await ws.post(NFD, {body: 'by socket'})
      expect(posted).to.include({type: 'posted'})
      expect((await alice.history(NFC)).map((m) => m.body)).to.include('by socket')
    } finally { ws.close() }
  })

  it('writes one file and one store key whichever spelling names them', async () => {
    await alice.ok('PUT', `/channels/${encodeURIComponent(NFC)}/fs/${encodeURIComponent(NFD)}.md`, {content: 'one'})
    const second = await alice.ok('PUT', `/channels/${encodeURIComponent(NFC)}/fs/${encodeURIComponent(NFC)}.md`, {content: 'two'})
    expect(second.version).to.equal(2)
    const files = await alice.ok('GET', `/channels/${encodeURIComponent(NFC)}/fs`)
    expect(JSON.stringify(files)).to.contain(`${NFC}.md`).and.not.contain(NFD)
    await alice.ok('PUT', `/channels/${encodeURIComponent(NFC)}/store/${encodeURIComponent(NFD)}`, {value: 1})
    const read = await alice.ok('GET', `/channels/${encodeURIComponent(NFC)}/store/${encodeURIComponent(NFC)}`)
    expect(read).to.include({key: NFC, value: 1})
  })

  it('creates a group under the NFC name and refuses a zero-width one', async () => {
    const bob = await h.register('bob')
    const group = await alice.ok('POST', '/groups', {name: 'gr\u00fcn'.normalize('NFD'), members: [bob.id]})
    expect(JSON.stringify(group)).to.contain('gr\u00fcn')
    expect((await alice.post('/groups', {name: 'grün\u200b', members: [bob.id]})).status).to.equal(400)
  })
})
