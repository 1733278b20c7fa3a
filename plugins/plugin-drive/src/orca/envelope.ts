/** The parts of a run envelope a served seat reads. */
export interface RunEnvelope {
  sessionId: string
  profile: {name: string; runtime: string; model?: string}
  subtask: {id: string; sessionId: string; prompt: string}
  mcpServers: unknown[]
  sessionMcpUrl: string | null
  skills: Array<{name: string; body: string}>
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const ID = /^[A-Za-z0-9._:@-]{1,200}$/

/** The envelope, or the 400 error text (Orca's own wording for the missing-field case). */
export function readEnvelope(text: string): RunEnvelope | string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'invalid JSON body'
  }
  if (!isObject(value) || value.sessionId === undefined || value.profile === undefined || value.subtask === undefined) return 'sessionId, profile, and subtask are required'
  const {sessionId, profile, subtask} = value
  if (typeof sessionId !== 'string' || !ID.test(sessionId)) return 'sessionId must be 1–200 characters of letters, digits and ._:@-'
  if (!isObject(profile) || typeof profile.name !== 'string' || typeof profile.runtime !== 'string') return 'profile needs a string name and runtime'
  if (profile.model !== undefined && profile.model !== null && typeof profile.model !== 'string') return 'profile.model must be a string'
  if (!isObject(subtask) || typeof subtask.id !== 'string' || typeof subtask.prompt !== 'string' || !subtask.prompt.trim()) return 'subtask needs a string id and a non-empty prompt'
  if (subtask.sessionId !== undefined && subtask.sessionId !== sessionId) return 'subtask.sessionId must equal sessionId'
  const skills = value.skills ?? []
  if (!Array.isArray(skills) || !skills.every((s) => isObject(s) && typeof s.name === 'string' && typeof s.body === 'string')) return 'skills must be a list of {name, body}'
  const mcpServers = value.mcpServers ?? []
  if (!Array.isArray(mcpServers)) return 'mcpServers must be a list'
  return {
    sessionId,
    profile: {name: profile.name, runtime: profile.runtime, ...(typeof profile.model === 'string' ? {model: profile.model} : {})},
    subtask: {id: subtask.id, sessionId, prompt: subtask.prompt},
    mcpServers,
    sessionMcpUrl: typeof value.sessionMcpUrl === 'string' ? value.sessionMcpUrl : null,
    skills: skills as RunEnvelope['skills'],
  }
}
