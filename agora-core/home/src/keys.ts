import {join} from 'node:path'

import {normalizeUrl} from './config.js'
import {readJsonObject, writeSecureFile} from './files.js'

/** `<home>/keys.json`: `{"<url>::<agent_id>": "agora_…"}`, always 0600 in a 0700 home. */
export function keysPath(home: string): string {
  return join(home, 'keys.json')
}

export function keyCacheEntry(url: string, agentId: string): string {
  return `${normalizeUrl(url)}::${agentId}`
}

function readKeys(home: string): Record<string, unknown> {
  return readJsonObject(keysPath(home), 'key cache (it maps "<url>::<agent_id>" to an API key)') ?? {}
}

export function lookupKey(home: string, url: string, agentId: string): string | undefined {
  const value = readKeys(home)[keyCacheEntry(url, agentId)]
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

/** Merge one key into the cache; every other entry is kept. */
export function cacheKey(home: string, url: string, agentId: string, key: string): void {
  if (typeof agentId !== 'string' || !agentId.trim()) throw new Error('cacheKey needs a non-empty agent id')
  if (typeof key !== 'string' || !key.trim()) throw new Error(`refusing to cache an empty API key for ${agentId}`)
  // Last line of defence for whatever a peer answered: the file only ever holds one-line printable entries.
  if (!/^[\x21-\x7e]{1,64}$/.test(agentId)) throw new Error(`refusing to cache a key under ${JSON.stringify(agentId.slice(0, 80))}: a seat id is 1–64 printable ASCII characters`)
  if (!/^[\x21-\x7e]{1,512}$/.test(key.trim())) throw new Error(`refusing to cache the key for ${agentId}: an API key is 1–512 printable ASCII characters without spaces; paste it again as the hub printed it`)
  const keys = readKeys(home)
  keys[keyCacheEntry(url, agentId)] = key.trim()
  writeSecureFile(keysPath(home), JSON.stringify(keys, null, 2) + '\n')
}
