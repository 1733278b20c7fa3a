import {chmodSync, closeSync, mkdirSync, openSync, writeSync} from 'node:fs'
import {basename, dirname, resolve} from 'node:path'

import type {TurnFile} from '@agora/contract'

import {TURN_MARKER} from '../turn-marker.js'
import type {TurnMarker} from '../turn-marker.js'

/** Thrown when a harness declaration tries to hand a turn a credential. */
export class CredentialInTurnEnv extends Error {}

/**
 * The turn's environment: the operator's, scrubbed of EVERY AGORA_* variable (a stale key in the
 * operator's shell must not reach a model's process), then the command's own env. The command may
 * name AGORA_API_KEY/AGORA_ADMIN_KEY only as empty strings, which override a framework's config.
 * Last comes the turn marker, so the turn's own hooks know not to arm reception, and AGORA_CLI: the agora
 * this process runs as, for a turn's plugin that calls back into it (a bridge extension that runs the lease gate).
 */
export function turnEnv(operator: NodeJS.ProcessEnv, command: Record<string, string>, marker: TurnMarker = 'driven', cli = agoraCli()): Record<string, string> {
  for (const name of ['AGORA_API_KEY', 'AGORA_ADMIN_KEY']) {
    if (command[name]) throw new CredentialInTurnEnv(`the harness declaration sets a non-empty ${name} for the turn; agora never hands a turn a credential (agora-mcp reads keys.json itself)`)
  }
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(operator)) {
    if (value !== undefined && !name.startsWith('AGORA_')) env[name] = value
  }
  return {...env, ...command, [TURN_MARKER]: marker, ...(cli ? {AGORA_CLI: cli} : {})}
}

/** This process's agora CLI script (bin/run.js, or an installed `agora`), or undefined under another runner. */
export function agoraCli(script = process.argv[1] ?? ''): string | undefined {
  return ['run.js', 'agora'].includes(basename(script)) ? resolve(script) : undefined
}

/** Write a turn's files before it starts: 0600 from the first byte, parent folders created 0700 when new. */
export function writeTurnFiles(files: TurnFile[] = []): void {
  for (const file of files) {
    mkdirSync(dirname(file.path), {recursive: true, mode: 0o700})
    const fd = openSync(file.path, 'w', 0o600)
    try {
      writeSync(fd, file.content)
    } finally {
      closeSync(fd)
    }
    chmodSync(file.path, 0o600)
  }
}
