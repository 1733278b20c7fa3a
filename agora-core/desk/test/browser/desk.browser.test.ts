import {expect} from 'chai'
import Database from 'better-sqlite3'
import {mkdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Browser, BrowserContext, Page, Request} from 'playwright-core'
import {agoraUp, buildAll, hubCall, launchBrowser, REPO, run} from './fixture.js'
import type {Up} from './fixture.js'

/** DESK_SCREENSHOTS=1 writes the README's pictures into docs/desk/; otherwise they go to a scratch folder. */
const SHOTS = process.env.DESK_SCREENSHOTS === '1' ? join(REPO, 'docs/desk') : join(tmpdir(), 'agora-desk-shots')

describe('the desk in a real headless Chromium, served by a real `agora up`', function () {
  this.timeout(120_000)
  let up: Up
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const keys: Record<string, string> = {}
  const requests: Array<{url: string; authorization: string | undefined}> = []
  const record = (r: Request): void => {
    requests.push({url: r.url(), authorization: r.headers().authorization})
  }

  async function register(id: string, operator = false): Promise<void> {
    keys[id] = (await hubCall(up.url, up.adminKey, 'POST', '/agents', {id, ...(operator ? {operator: true} : {})})).api_key
  }

  async function post(seat: string, body: Record<string, unknown>, channel = 'commons'): Promise<{id: string; seq: number}> {
    return hubCall(up.url, keys[seat]!, 'POST', `/channels/${channel}/messages`, body)
  }

  async function loginLink(args: string[] = []): Promise<string> {
    const ui = await run(['bin/run.js', 'ui', '--json', ...args], {AGORA_HOME: up.home})
    expect(ui.code, ui.stderr).to.equal(0)
    return (JSON.parse(ui.stdout) as {url: string}).url
  }

  async function openDesk(link: string): Promise<Page> {
    const p = await context.newPage()
    p.on('request', record)
    await p.goto(link)
    await p.waitForSelector('body[data-complete="1"]')
    await p.waitForSelector('.who .conn-live')
    return p
  }

  async function view(p: Page, name: string): Promise<void> {
    await p.click(`[data-nav="${name}"]`)
    await p.waitForSelector(`#view-${name}`)
  }

  /** Navigate inside the page (no reload), as a click on an in-page link does. */
  async function hash(p: Page, to: string): Promise<void> {
    await p.evaluate(h => {
      (globalThis as unknown as {location: {hash: string}}).location.hash = h
    }, to)
  }

  async function shot(p: Page, name: string): Promise<void> {
    mkdirSync(SHOTS, {recursive: true})
    await p.screenshot({path: join(SHOTS, `${name}.png`)})
  }

  before(async function () {
    this.timeout(300_000)
    await buildAll()
    up = await agoraUp()
    for (const id of ['bob', 'carol', 'dave']) await register(id)
    browser = await launchBrowser()
    context = await browser.newContext({viewport: {width: 1280, height: 800}})
  })
  after(async () => {
    await browser?.close()
    await up?.stop()
  })

  it('logs in through the `agora ui` link, then wipes the token from the address bar', async () => {
    const link = await loginLink()
    expect(link).to.match(/\/ui\/#login=desk_[0-9a-f]{48}$/)
    page = await openDesk(link)
    expect(await page.textContent('[data-testid="who"]')).to.include('desk (operator)')
    expect(page.url()).to.not.include('login=')
    // The link worked once: a second browser opening it is not logged in.
    const other = await browser.newContext()
    const again = await other.newPage()
    await again.goto(link)
    await again.waitForSelector('text=Not logged in')
    await other.close()
  })

  it('shows a seat live when it registers', async () => {
    await view(page, 'seats')
    expect(await page.$('[data-seat="erin"]')).to.equal(null)
    await register('erin')
    await page.waitForSelector('[data-seat="erin"]', {timeout: 10_000})
  })

  it('shows a debt row when an ask is posted and drops it when it is answered', async () => {
    await view(page, 'debts')
    const ask = await post('bob', {body: 'Can you review the parser change?', title: 'review?', status: 'open', to: ['carol'],
      asks: [{id: 'r1', text: 'review the parser change', to: ['carol']}]})
    await page.waitForSelector(`tr[data-debt="${ask.id}"]`, {timeout: 10_000})
    const cells = await page.$$eval(`tr[data-debt="${ask.id}"] td`, tds => tds.map(td => td.textContent))
    expect(cells.slice(0, 4)).to.deep.equal(['carol', 'bob', 'ask', '#commons'])
    await shot(page, 'debts')
    // The hub's discharge rule: the ask is answered when every seat it names answers it.
    await post('carol', {body: 'Looks good', status: 'reply', reply_to: ask.id, answers: ['r1']})
    await page.waitForSelector(`tr[data-debt="${ask.id}"]`, {state: 'detached', timeout: 10_000})
  })

  it('clicks through from a debt to its thread', async () => {
    const ask = await post('dave', {body: 'Which port?', title: 'port?', status: 'open', to: ['bob']})
    await page.waitForSelector(`tr[data-debt="${ask.id}"] a`)
    await page.click(`tr[data-debt="${ask.id}"] a`)
    await page.waitForSelector(`#view-thread li.focus[data-id="${ask.id}"]`)
  })

  it('renders a <script> in a message body as text, running nothing', async () => {
    const hostile = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>bold?</b>'
    const m = await post('bob', {body: hostile, title: '<i>title</i>'})
    await hash(page, 'thread/commons')
    const body = await page.waitForSelector(`li[data-id="${m.id}"] pre.body`)
    expect(await body.textContent()).to.equal(hostile)
    expect(await page.$$eval('#view-thread pre.body *, #view-thread .title *, #view-thread script, #view-thread img', els => els.length)).to.equal(0)
    expect(await page.evaluate(() => (globalThis as {__pwned?: number}).__pwned)).to.equal(undefined)
    await shot(page, 'thread')
  })

  it('verifies the ledgers in the browser', async () => {
    await view(page, 'ledgers')
    await page.waitForSelector('tr[data-ledger="commons"] .verdict')
    expect(await page.textContent('tr[data-ledger="commons"] .verdict')).to.equal('INTACT')
    await shot(page, 'ledgers')
  })

  it('shows the harness matrix from reports in the commons store', async () => {
    await hubCall(up.url, keys.bob!, 'PUT', `/channels/commons/store/${encodeURIComponent('harness-check:pi:bob')}`, {value: {
      harness: 'pi', verdict: 'DRIVABLE', probes: [{id: 'C0', status: 'PASS'}, {id: 'C1', status: 'WARN'}, {id: 'C9', status: 'SKIP'}]}})
    const fresh = await openDesk(await loginLink())
    await view(fresh, 'harness')
    await fresh.waitForSelector('td.probe.PASS')
    expect(await fresh.$$eval('[data-testid="harness"] tbody td', tds => tds.slice(0, 4).map(t => t.textContent))).to.deep.equal(['pi', 'bob', 'PASS', 'WARN'])
    await shot(fresh, 'harness')
    await view(fresh, 'seats')
    await shot(fresh, 'seats')
    await view(fresh, 'channels')
    await shot(fresh, 'channels')
    await fresh.close()
  })

  it('counts unread from the seat\'s cursor on the hub, so a second browser agrees, and opening a room clears it in both', async () => {
    const unread = (p: Page, n: string) => p.waitForFunction(want => {
      const cell = (globalThis as unknown as {document: {querySelector(s: string): {textContent: string} | null}})
        .document.querySelector('tr[data-channel="commons"] td:nth-child(3)')
      return cell?.textContent === want
    }, n, {timeout: 10_000})
    await view(page, 'channels')
    await page.click('tr[data-channel="commons"] a')
    await view(page, 'channels')
    await unread(page, '0')
    for (const i of [1, 2, 3]) await post('bob', {body: `note ${i}`})
    await unread(page, '3')
    const other = await browser.newContext()
    const second = await other.newPage()
    await second.goto(await loginLink())
    await second.waitForSelector('body[data-complete="1"]')
    await view(second, 'channels')
    await unread(second, '3')
    await second.click('tr[data-channel="commons"] a')
    const cursors = await second.evaluate(() => fetch('/cursors').then(r => r.json())) as {cursors: Record<string, number>}
    const listed = (await hubCall(up.url, keys.bob!, 'GET', '/channels')) as Array<{name: string; last_seq: number}>
    expect(cursors.cursors.commons).to.equal(listed.find(c => c.name === 'commons')!.last_seq)
    // The first browser learns the hub's cursor with the next push: one new message is one unread, not four.
    await post('carol', {body: 'one more'})
    await unread(page, '1')
    await other.close()
  })

  it('pauses the hub after a confirmation and shows the banner to the desk', async () => {
    await view(page, 'actions')
    await page.fill('[data-testid="pause-reason"]', 'migrating the db')
    await page.click('[data-action="pause"]')
    await shot(page, 'actions')
    await page.click('[data-testid="confirm"]')
    await page.waitForSelector('[data-testid="paused-banner"]', {timeout: 10_000})
    expect(await page.textContent('[data-testid="paused-banner"]')).to.include('migrating the db')
    const refused = await post('bob', {body: 'still there?'}).then(() => null, (e: Error) => e.message)
    expect(refused).to.include('423')
    await page.click('[data-action="resume"]')
    await page.click('[data-testid="confirm"]')
    await page.waitForSelector('[data-testid="paused-banner"]', {state: 'detached', timeout: 10_000})
  })

  it('promotes a seat after a confirmation, and shows the hub\'s refusal text when a ban is refused', async () => {
    await view(page, 'actions')
    await page.selectOption('[data-testid="action-seat"]', 'dave')
    await page.click('[data-action="promote"]')
    await page.click('[data-testid="confirm"]')
    await page.waitForSelector('.ok[data-testid="outcome"]')
    expect(await page.textContent('.ok[data-testid="outcome"]')).to.include('"operator":true')
    await page.click('[data-action="ban"]')
    await page.click('[data-testid="confirm"]')
    await page.waitForSelector('.refused[data-testid="outcome"]')
    expect(await page.textContent('.refused[data-testid="outcome"]')).to.equal('operators can never be blocked')
  })

  it('gives a non-operator seat no operator actions, and the hub refuses them anyway', async () => {
    const bobHome = up.home
    const {cacheKey} = await import('@agora/home')
    cacheKey(bobHome, up.url, 'bob', keys.bob!)
    const bobContext = await browser.newContext({viewport: {width: 390, height: 844}})
    const bobPage = await bobContext.newPage()
    bobPage.on('request', record)
    await bobPage.goto(await loginLink(['--as', 'bob']))
    await bobPage.waitForSelector('body[data-ready="1"]')
    expect(await bobPage.textContent('[data-testid="who"]')).to.include('bob').and.not.include('operator')
    expect(await bobPage.$('[data-nav="actions"]')).to.equal(null)
    await hash(bobPage, 'actions')
    await bobPage.waitForSelector('[data-testid="not-operator"]')
    const status = await bobPage.evaluate(async () => (await fetch('/admin/pause', {method: 'PUT', headers: {'x-agora-desk': '1', 'content-type': 'application/json'}, body: '{}'})).status)
    expect(status).to.equal(403)
    await hash(bobPage, 'debts')
    await bobPage.waitForSelector('#view-debts tbody tr')
    // A seat's desk lists what it owes (its own /owed: dave's 'port?' above); the hub-wide list is refused to it.
    const debtors = await bobPage.$$eval('#view-debts tbody tr td:first-child', tds => tds.map(td => td.textContent))
    expect([...new Set(debtors)]).to.deep.equal(['bob'])
    expect(await bobPage.evaluate(async () => (await fetch('/debts', {headers: {'x-agora-desk': '1'}})).status)).to.equal(403)
    await shot(bobPage, 'phone-debts')
    await bobContext.close()
  })

  it('shows TAMPERED and the broken seq when a stored row is edited behind the hub\'s back', async () => {
    const m = await post('carol', {body: 'the number is 42'})
    const db = new Database(join(up.home, 'agora.db'))
    db.pragma('busy_timeout = 5000')
    db.prepare(`UPDATE messages SET body = 'the number is 43' WHERE id = ?`).run(m.id)
    db.close()
    await view(page, 'ledgers')
    await page.click('text=verify again')
    await page.waitForSelector('tr[data-ledger="commons"] .verdict.TAMPERED')
    const cells = await page.$$eval('tr[data-ledger="commons"] td', tds => tds.map(td => td.textContent))
    expect(cells[2]).to.equal(String(m.seq))
    expect(cells[4]).to.equal('not verified')
  })

  it('never puts a key in a request URL, nor a bearer header on any request', async () => {
    expect(requests.length).to.be.greaterThan(20)
    const secrets = [up.adminKey, ...Object.values(keys)]
    for (const r of requests) {
      for (const s of secrets) expect(r.url, r.url).to.not.include(s)
      expect(r.url).to.not.match(/[?&](token|key|api_key)=/)
      expect(r.authorization).to.equal(undefined)
    }
  })
})
