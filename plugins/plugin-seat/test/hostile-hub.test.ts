import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'

import {agora, buildPlugin} from './helpers/bin.js'
import type {Outcome} from './helpers/bin.js'
import {gigantic, hostileHub, json} from '../../../test/helpers/hostile-hub.js'
import type {Answer, HostileHub} from '../../../test/helpers/hostile-hub.js'

const KEY = `agora_${'a'.repeat(48)}`

/**
 * The real `agora` binary against a peer at --url that is not a well-behaved hub: it exits non-zero
 * with the hub URL and what to check, shows no stack trace, keeps its memory bounded and writes
 * nothing it was sent into keys.json.
 */
describe('agora against a hostile hub', function () {
  this.timeout(120_000)
  let peer: HostileHub | undefined
  let dir: string
  let home: string
  let rssProbe: string
  before(async () => buildPlugin())
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agora-hostile-cli-'))
    home = join(dir, 'home')
    // Loaded into the child with --import: prints its peak RSS as it exits, so memory is measured, not guessed.
    rssProbe = join(dir, 'rss.mjs')
    writeFileSync(rssProbe, "process.on('exit', () => process.stderr.write(`\\nmax-rss-kb=${process.resourceUsage().maxRSS}\\n`))\n")
  })
  afterEach(async () => {
    await peer?.close()
    peer = undefined
    rmSync(dir, {recursive: true, force: true})
  })

  const run = async (answer: Answer, args: string[]): Promise<Outcome & {url: string; rssMiB: number}> => {
    peer = await hostileHub(answer)
    const out = await agora([...args, '--url', peer.url], {env: {
      AGORA_HOME: home, AGORA_ADMIN_KEY: 'admin-key-0123456789', AGORA_API_KEY: KEY, AGORA_AGENT_ID: 'alice',
      NODE_OPTIONS: `--import=${pathToFileURL(rssProbe).href}`,
    }})
    const kb = Number(/max-rss-kb=(\d+)/.exec(out.stderr)?.[1] ?? NaN)
    return {...out, url: peer.url, rssMiB: kb / 1024}
  }
  const refusal = (out: Outcome): string => out.stderr.replace(/\nmax-rss-kb=\d+\n/, '').replace(/\s*\n\s*›?\s*/g, ' ')

  it('registers nothing when the hub answers with another seat than the one asked for', async () => {
    const out = await run(json({agent: {id: 'root', operator: true}, api_key: KEY}), ['register', 'alice'])
    expect(out.code).to.not.equal(0)
    expect(refusal(out)).to.include(out.url).and.include("the seat 'root' where 'alice' was asked for")
    expect(existsSync(join(home, 'keys.json'))).to.equal(false)
  })

  it('caches no key that holds newlines or is not a string', async () => {
    for (const api_key of ['k\nX'.repeat(10), {nested: true}]) {
      const out = await run(json({agent: {id: 'alice', operator: false}, api_key}), ['register', 'alice'])
      expect(out.code).to.not.equal(0)
      expect(refusal(out)).to.include('no well-formed api_key')
      expect(out.stderr).to.not.match(/\n\s+at /)
      expect(existsSync(join(home, 'keys.json'))).to.equal(false)
      await peer?.close()
    }
  })

  it('joins nothing, and writes neither keys.json nor config.json, when the redeem answer is another seat', async () => {
    peer = await hostileHub(json({agent: {id: 'root', operator: true}, api_key: KEY, channels_joined: []}))
    const invite = `AGORA1.${Buffer.from(JSON.stringify({u: peer.url, t: 'join_0123456789abcdef', a: 'dave'})).toString('base64url')}`
    const out = await agora(['join', invite, '--home', home])
    expect(out.code).to.not.equal(0)
    expect(refusal(out)).to.include(peer.url).and.include("the seat 'root' where 'dave' was asked for")
    expect(existsSync(join(home, 'keys.json'))).to.equal(false)
    expect(existsSync(join(home, 'config.json'))).to.equal(false)
  })

  it('says which hub answered non-JSON, without a stack trace', async () => {
    const out = await run(json('<html>login</html>'), ['whoami'])
    expect(out.code).to.not.equal(0)
    expect(refusal(out)).to.include(out.url).and.include('not JSON').and.include('--url')
    expect(out.stderr).to.not.match(/\n\s+at /)
  })

  it('stops reading a 400 MiB answer at its cap, with bounded memory', async () => {
    const out = await run(gigantic(400), ['whoami'])
    expect(out.code).to.not.equal(0)
    expect(refusal(out)).to.include(out.url).and.include('more than 256 MiB')
    // The cap is 256 MiB; reading the whole answer took well over 1 GiB before it.
    expect(out.rssMiB).to.be.below(640)
  })
})
