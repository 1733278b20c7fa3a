import {SetupRefusal} from './refusal.js'

type JsonObject = Record<string, unknown>

/** Parse an existing JSON config that setup would merge into; corrupt or non-object text is refused. */
export function parseJsonObject(rel: string, text: string | undefined): JsonObject {
  if (text === undefined || text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new SetupRefusal(
      `${rel} is not valid JSON (${(error as Error).message}); fix or remove it, then re-run setup — nothing was written`,
    )
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SetupRefusal(`${rel} must hold a JSON object; fix or remove it, then re-run setup — nothing was written`)
  }
  return parsed as JsonObject
}

/** Set each entry at its key path; every other key keeps its value and position. */
export function applyJsonEntries(
  rel: string,
  doc: JsonObject,
  entries: Array<{at: string[]; value: unknown; ifAbsent?: boolean}>,
): JsonObject {
  for (const entry of entries) {
    let node = doc
    for (const [i, key] of entry.at.slice(0, -1).entries()) {
      const next = node[key]
      if (next === undefined) node[key] = {}
      else if (!next || typeof next !== 'object' || Array.isArray(next)) {
        const where = entry.at.slice(0, i + 1).join('.')
        throw new SetupRefusal(`${rel}: "${where}" is not an object, so agora cannot add its entry; fix it and re-run setup`)
      }
      node = node[key] as JsonObject
    }
    const last = entry.at.at(-1)
    if (last === undefined) continue
    if (entry.ifAbsent && node[last] !== undefined) continue
    node[last] = entry.value
  }
  return doc
}

/** The on-disk form setup writes: two-space indent and a final newline. */
export function formatJson(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + '\n'
}
