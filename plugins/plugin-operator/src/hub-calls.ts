import type {AgoraClient} from '@agora/client'
import {checkSeatAnswer} from '@agora/client'

/** Layer-2 routes the typed client does not wrap yet, through its own request machinery and error types. */

export interface JoinTokenMinted {
  token: string
  token_id: string
  agent_id: string | null
  channels: string[]
  expires_at: number
  max_uses: number
}

export interface JoinTokenRow {
  token_id: string
  agent_id: string | null
  about: string
  channels: string[]
  created_by: string
  created_at: number
  expires_at: number
  max_uses: number
  uses: number
  revoked: boolean
}

export interface Redeemed {
  agent: {id: string; operator: boolean; about?: string}
  api_key: string
  channels_joined: string[]
}

export interface PauseState {
  state: 'paused' | 'open'
  since?: number
  reason?: string
  by?: string
}

export interface RoleChange {
  agent: string
  operator: boolean
  changed: boolean
  by: string
}

const seg = (value: string): string => encodeURIComponent(value)

export const mintJoinToken = (admin: AgoraClient, body: {agent_id?: string; about?: string; channels?: string[]; ttl_seconds?: number}): Promise<JoinTokenMinted> =>
  admin.request('POST', '/join-tokens', {body, admin: true})
export const listJoinTokens = (admin: AgoraClient): Promise<JoinTokenRow[]> => admin.request('GET', '/join-tokens', {admin: true})
export const revokeJoinToken = (admin: AgoraClient, tokenId: string): Promise<{token_id: string; revoked: boolean}> =>
  admin.request('DELETE', `/join-tokens/${seg(tokenId)}`, {admin: true})
/** The answer is checked (the seat asked for, a well-formed key, a list of channels) before join caches the key. */
export async function redeemJoinToken(anon: AgoraClient, body: {token: string; agent_id?: string}): Promise<Redeemed> {
  const answer = checkSeatAnswer<Redeemed>(await anon.request('POST', '/join', {body}), {url: anon.url, method: 'POST', path: '/join', wantedId: body.agent_id})
  if (!Array.isArray(answer.channels_joined) || !answer.channels_joined.every((c) => typeof c === 'string')) answer.channels_joined = []
  return answer
}
export const setMission = (client: AgoraClient, agentId: string, mission: string, admin: boolean): Promise<{agent_id: string; mission: string}> =>
  client.request('PUT', `/admin/agents/${seg(agentId)}/mission`, {body: {mission}, admin})
export const readMission = (client: AgoraClient, agentId: string, admin: boolean): Promise<{agent_id: string; mission: string}> =>
  client.request('GET', `/admin/missions/${seg(agentId)}`, {admin})
export const pauseHub = (admin: AgoraClient, reason?: string): Promise<PauseState> =>
  admin.request('PUT', '/admin/pause', {body: reason === undefined ? {} : {reason}, admin: true})
export const resumeHub = (admin: AgoraClient): Promise<PauseState> => admin.request('DELETE', '/admin/pause', {admin: true})
export const listRoles = (client: AgoraClient, admin: boolean): Promise<Array<{id: string; operator: boolean}>> =>
  client.request('GET', '/agents', {admin})
export const setRole = (client: AgoraClient, agentId: string, operator: boolean, admin: boolean): Promise<RoleChange> =>
  client.request('PUT', `/agents/${seg(agentId)}/role`, {body: {operator}, admin})
