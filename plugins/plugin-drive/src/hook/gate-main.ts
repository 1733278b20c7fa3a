// `agora hook PreToolUse` without oclif: a harness runs it before every file write, so bin/run.js
// hands it here and skips the CLI framework's plugin loading (most of the hook's start-up cost).
// The flags are the ones the oclif `hook` command declares; `agora hook --help` still goes through oclif.
import type {LeaseCheck} from '@agora/client'
import {lookupKey} from '@agora/home'
import {request} from 'node:http'
import {parseArgs} from 'node:util'

import {receptionSeat} from '../seat-context.js'
import {leaseGate} from './lease-gate.js'
import {readPayload} from './stdin.js'

export interface GateFlags {
  as?: string
  url?: string
  home?: string
  'path-field': string[]
  /** tool_input fields holding an apply_patch body, whose file headers are the targets. */
  'patch-field'?: string[]
}

/** Check the payload's target paths for this seat; prints the deny JSON or nothing, warnings to stderr. */
export async function gateForSeat(payload: Record<string, unknown>, flags: GateFlags): Promise<void> {
  const seat = receptionSeat(flags)
  const key = seat.agentId ? lookupKey(seat.home, seat.url, seat.agentId) : undefined
  if (!seat.agentId || !key) {
    process.stderr.write('agora hook PreToolUse: lease check unavailable (no seat identity or cached key; run `agora setup <id>` here), write allowed\n')
    return
  }
  const result = await leaseGate(payload, flags['path-field'], (workspace, paths) => postCheck(seat.url, key, workspace, paths), process.cwd(), flags['patch-field'] ?? [])
  if (result.warning) process.stderr.write(`${result.warning}\n`)
  if (result.output) process.stdout.write(JSON.stringify(result.output) + '\n')
}

/** argv after `hook PreToolUse`; like every hook it exits 0, and a bad flag is a stderr line. */
export async function runGateCli(argv: string[]): Promise<void> {
  const payloadPromise = readPayload(process.stdin)
  try {
    const {values} = parseArgs({args: argv, strict: true, allowPositionals: false, options: {
      as: {type: 'string'}, url: {type: 'string'}, home: {type: 'string'}, format: {type: 'string'},
      'path-field': {type: 'string', multiple: true}, 'patch-field': {type: 'string', multiple: true},
    }})
    const payload = await payloadPromise
    // --patch-field alone gates only the patch: file_path is the default for hooks that name neither
    const pathFields = values['path-field'] ?? (values['patch-field'] ? [] : ['file_path'])
    await gateForSeat(payload, {as: values.as, url: values.url, home: values.home, 'path-field': pathFields, 'patch-field': values['patch-field'] ?? []})
  } catch (error) {
    await payloadPromise
    process.stderr.write(`agora hook PreToolUse: lease check unavailable, write allowed: ${(error as Error).message}\n`)
  }
}

/** How long a write waits for the hub's answer before it is let through with a warning. */
export const CHECK_TIMEOUT_MS = 2000

/**
 * POST /leases/check over node:http rather than the client's fetch: undici's first-use set-up
 * would be paid by every hook process, and this is the only call the process makes. node:https (and
 * with it tls) is loaded only for an https hub: on loopback it is start-up cost for nothing. One request
 * on its own connection (no agent, `connection: close`): the process ends right after, so a kept-alive
 * socket would only be a pooled socket to set up and tear down.
 */
export async function postCheck(url: string, key: string, workspace: string, paths: string[], timeoutMs = CHECK_TIMEOUT_MS): Promise<LeaseCheck> {
  const target = new URL('/leases/check', url.replace(/\/+$/, '') + '/')
  const body = JSON.stringify({workspace, paths})
  const send = target.protocol === 'https:' ? (await import('node:https')).request : request
  return new Promise<LeaseCheck>((resolve, reject) => {
    // a deadline for the whole exchange, not only an idle socket: a hub answering slowly byte by byte is cut off too
    const deadline = setTimeout(() => req.destroy(new Error(`hub ${url} did not answer within ${timeoutMs} ms`)), timeoutMs)
    const settle = <T>(fn: (v: T) => void) => (v: T): void => { clearTimeout(deadline); fn(v) }
    resolve = settle(resolve)
    reject = settle(reject)
    const req = send(target, {method: 'POST', agent: false, headers: {
      authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-agora-client': 'agora-lease-gate/0.1',
      connection: 'close',
    }}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        if (res.statusCode !== 200) return reject(new Error(`POST /leases/check answered ${res.statusCode}: ${text.slice(0, 200)}`))
        try { resolve(JSON.parse(text) as LeaseCheck) } catch { reject(new Error('POST /leases/check answered non-JSON')) }
      })
    })
    req.on('error', (error) => reject(new Error(error.message.startsWith(`hub ${url}`) ? error.message : `hub ${url} unreachable: ${error.message}`)))
    req.end(body)
  })
}
