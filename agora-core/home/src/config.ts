import {join} from 'node:path'

import {readJsonObject, writeSecureFile} from './files.js'

export const DEFAULT_HUB_URL = 'http://127.0.0.1:8765'

/** `<home>/config.json`. Unknown keys (embedding, llm, …) are kept verbatim across writes. */
export interface AgoraConfig {
  url?: string
  admin_key?: string
  db_path?: string
  [other: string]: unknown
}

/** Trim and strip trailing slashes, so `"<url>::<id>"` cache keys match however the URL was typed. */
export function normalizeUrl(url: string): string {
  return url.trim().replace(/\/+$/, '')
}

export function configPath(home: string): string {
  return join(home, 'config.json')
}

export function readConfig(home: string): AgoraConfig {
  const raw = readJsonObject(configPath(home), 'agora config (it holds url, admin_key, db_path)') ?? {}
  for (const key of ['url', 'admin_key', 'db_path'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'string') {
      throw new Error(`${configPath(home)}: "${key}" must be a string; fix the file and retry`)
    }
  }
  return raw as AgoraConfig
}

/**
 * Merge `patch` into config.json (0600 in a 0700 home). A key set to `null` is removed;
 * `undefined` leaves the stored value alone. Returns the merged config.
 */
export function writeConfig(home: string, patch: {[key: string]: unknown}): AgoraConfig {
  const merged: Record<string, unknown> = {...readConfig(home)}
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    if (value === null) delete merged[key]
    else merged[key] = key === 'url' && typeof value === 'string' ? normalizeUrl(value) : value
  }
  writeSecureFile(configPath(home), JSON.stringify(merged, null, 2) + '\n')
  return merged as AgoraConfig
}
