import {AgoraHttpError} from '@agora/client'
import {expect} from 'chai'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {AgoraCommand, homeFlags} from '../src/agora-command.js'
import type {CommandErrorJson} from '../src/agora-command.js'
import {ExitCode} from '../src/exit-codes.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** A command the hub refuses, as a seat command sees it: an AgoraHttpError from @agora/client. */
class Refused extends AgoraCommand {
  static override flags = homeFlags('HUB')
  async run(): Promise<{ok: boolean}> {
    await this.parse(Refused)
    throw new AgoraHttpError(403, 'you are not a member of #ops\u001b[2J', 'GET', '/channels/ops/info')
  }
}

/** A command that refuses its input with a named exit code, as this.error(…, {exit}) does. */
class RefusesInput extends AgoraCommand {
  async run(): Promise<{ok: boolean}> {
    await this.parse(RefusesInput)
    this.error('--since must be a number of seconds', {exit: ExitCode.Refused})
  }
}

class Answers extends AgoraCommand {
  static override flags = homeFlags('HUB')
  async run(): Promise<{home: string}> {
    const {flags} = await this.parse(Answers)
    return {home: this.homeOf(flags)}
  }
}

async function capture(run: () => Promise<unknown>): Promise<{stdout: string; thrown: unknown; exitCode: number | string | undefined | null}> {
  const chunks: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
    return true
  }) as typeof process.stdout.write
  let thrown: unknown
  try {
    await run()
  } catch (error) {
    thrown = error
  } finally {
    process.stdout.write = write
  }
  const exitCode = process.exitCode
  process.exitCode = undefined
  return {stdout: chunks.join(''), thrown, exitCode}
}

describe('AgoraCommand', () => {
  it('prints a hub refusal under --json as CommandErrorJson with the status, the detail and the exit code', async () => {
    const {stdout, exitCode} = await capture(() => Refused.run(['--json'], ROOT))
    const printed = JSON.parse(stdout) as CommandErrorJson
    expect(printed.error).to.include({name: 'AgoraHttpError', status: 403, exit: 1})
    expect(printed.error.detail).to.equal('you are not a member of #ops\u001b[2J')
    expect(printed.error.message).to.include('you are not a member of #ops\\u001b[2J').and.include('agora whoami')
    expect(exitCode).to.equal(1)
  })

  it('exits under --json with the exit code its error JSON names, not oclif\'s 1', async () => {
    const {stdout, exitCode} = await capture(() => RefusesInput.run(['--json'], ROOT))
    expect((JSON.parse(stdout) as CommandErrorJson).error).to.deep.equal({name: 'Error', message: '--since must be a number of seconds', exit: 2})
    expect(exitCode).to.equal(ExitCode.Refused)
  })

  it('speaks a refusal without --json as one cleaned teaching line, not METHOD /path → status', async () => {
    const {thrown} = await capture(() => Refused.run([], ROOT))
    const message = (thrown as Error).message
    expect(message).to.match(/^you are not a member of #ops\\u001b\[2J\n/)
    expect(message).to.include('(hub answered 403 to GET /channels/ops/info)')
    expect((thrown as {oclif?: {exit?: number}}).oclif?.exit).to.equal(1)
  })

  it('returns typed data under --json and resolves --home to an absolute path', async () => {
    const {stdout} = await capture(() => Answers.run(['--json', '--home', 'relative/home'], ROOT))
    expect(JSON.parse(stdout)).to.deep.equal({home: resolve('relative/home')})
  })
})
