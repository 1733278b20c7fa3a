import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {CLI_BIN, INSTALL_HINT, openWorld, realClisInstalled, wireLive, type World} from './environment.js'
import {HELD_BY_BOB, leasedRepo} from './leased-repo.js'

interface Turn { code: number; events: Array<Record<string, unknown>>; stderr: string }

/**
 * One real `claude -p` turn in the seat's workspace, with the hooks `agora setup` wrote. It carries
 * the checked-turn marker, like every turn agora spawns: reception hooks and the async re-wake
 * listener stand down (the listener would hold -p open), while the lease gate still runs.
 */
function claudeTurn(world: World, env: Record<string, string>, prompt: string): Promise<Turn> {
  return new Promise((resolve) => {
    const child = execFile(join(CLI_BIN, 'claude'), ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', prompt],
      {cwd: world.workspace, env: {...world.env, ...env, AGORA_TURN: 'check'}, timeout: 180_000, maxBuffer: 16 * 1024 * 1024}, (error, stdout, stderr) => {
        const events = stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>)
        resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, events, stderr})
      })
    child.stdin?.end()
  })
}

/** The tool_result blocks of a stream-json turn, as text with their error flag. */
function toolResults(turn: Turn): Array<{text: string; isError: boolean}> {
  return turn.events.filter((e) => e.type === 'user').flatMap((e) => {
    const content = ((e.message as {content?: unknown})?.content ?? []) as Array<Record<string, unknown>>
    return content.filter((b) => b.type === 'tool_result').map((b) => ({text: JSON.stringify(b.content), isError: b.is_error === true}))
  })
}

describe('integration/lease hook with real claude', function () {
  this.timeout(600_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  it('refuses a real claude Write on a file another seat leased, leaves it unchanged, and lets the same edit through after release', async () => {
    const world = await openWorld('claude', [CLI_BIN])
    const live = await wireLive(world, 'claude')
    try {
      const {target, release} = await leasedRepo(world)
      const settings = JSON.parse(readFileSync(join(world.workspace, '.claude', 'settings.json'), 'utf8'))
      expect(settings.hooks.PreToolUse[0].matcher).to.equal('Write|Edit|MultiEdit|NotebookEdit')

      const refused = await claudeTurn(world, live.env, `STUB-EDIT ${target} v2`)
      const results = toolResults(refused)
      const write = results.find((r) => r.text.includes('AGORA LEASE'))
      expect(write, `tool results: ${JSON.stringify(results).slice(0, 1500)}\nstderr: ${refused.stderr.slice(0, 500)}`).to.not.equal(undefined)
      expect(write!.text).to.match(HELD_BY_BOB)
      expect(readFileSync(target, 'utf8'), 'the refused edit changed nothing').to.equal('v1\n')

      await release()
      const allowed = await claudeTurn(world, live.env, `STUB-EDIT ${target} v2`)
      expect(toolResults(allowed).some((r) => r.text.includes('AGORA LEASE'))).to.equal(false)
      expect(readFileSync(target, 'utf8'), JSON.stringify(toolResults(allowed)).slice(0, 1500)).to.equal('v2\n')
    } finally {
      await live.stub.close()
      await world.close()
    }
  })
})
