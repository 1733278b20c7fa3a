import {chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync} from 'node:fs'
import {homedir} from 'node:os'
import {dirname, join, resolve} from 'node:path'

/** Where agora keeps local state: `AGORA_HOME`, else `~/.agora`. */
export function resolveHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.AGORA_HOME?.trim()
  return resolve(fromEnv ? fromEnv : join(homedir(), '.agora'))
}

/** mkdir -p the directory and force it to 0700, repairing a directory an older tool left open. */
export function ensureHome(home: string): string {
  mkdirSync(home, {recursive: true, mode: 0o700})
  if ((statSync(home).mode & 0o777) !== 0o700) chmodSync(home, 0o700)
  return home
}

/**
 * Write `text` to `path` atomically: a 0600 temp file in the same 0700 directory, fsync, rename.
 * The temp file is created with mode 0600 from the first byte, so a secret is never readable by others.
 */
export function writeSecureFile(path: string, text: string): void {
  const dir = ensureHome(dirname(resolve(path)))
  // node:crypto on first write only: the lease hook only reads the home, and crypto is ~20 modules to load
  const tmp = join(dir, `.${process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex')}.tmp`)
  const fd = openSync(tmp, 'wx', 0o600)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    rmSync(tmp, {force: true})
    throw error
  }
  closeSync(fd)
  try {
    chmodSync(tmp, 0o600)
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, {force: true})
    throw error
  }
}

/** Read a JSON object file; absent → undefined; corrupt → an error naming the file and the fix. */
export function readJsonObject(path: string, what: string): Record<string, unknown> | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${(error as Error).message}); fix or delete the ${what} and retry`)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${path} must hold a JSON object; fix or delete the ${what} and retry`)
  }
  return parsed as Record<string, unknown>
}
