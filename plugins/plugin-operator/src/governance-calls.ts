import type {AgoraClient} from '@agora/client'

/** Typed calls for delegation, hub rules and the hub charter (docs/protocol.md#governance). */

export interface Delegation {
  agent_id: string
  powers: string[]
  granted_at: number
  expires_at: number
  note: string
  scope: string
}

export interface DelegationRow extends Delegation {
  state: 'active' | 'expired' | 'revoked'
  revoked_at: number | null
}

export interface HubText {version: number; text: string; updated_by: string; updated_at: number | null}
export interface CharterAnalysis {version: number; missing_roles: string[]; sliceable: boolean; unsectioned_roles: string[]}
export interface CharterRead {version: number; text: string; sliced: boolean; view: string[]; your_receipt: number; current: boolean}
export interface CharterHistoryRow {version: number; updated_by: string; updated_at: number | null; bytes: number; current: boolean}

export interface GrantBody {agent_id: string; powers: string[]; ttl_seconds?: number; scope?: string; note?: string; mission?: string}

const seg = (value: string): string => encodeURIComponent(value)

export const grant = (c: AgoraClient, body: GrantBody, admin: boolean): Promise<Delegation> =>
  c.request('PUT', '/admin/delegation', {body, admin})
export const revoke = (c: AgoraClient, agent: string, admin: boolean): Promise<{agent_id: string; revoked: boolean}> =>
  c.request('DELETE', `/admin/delegation/${seg(agent)}`, {admin})
export const listDelegations = (c: AgoraClient, admin: boolean): Promise<DelegationRow[]> =>
  c.request('GET', '/admin/delegations', {admin})

export const getRules = (admin: AgoraClient): Promise<HubText> => admin.request('GET', '/admin/rules', {admin: true})
export const putRules = (admin: AgoraClient, text: string, version?: number): Promise<{version: number}> =>
  admin.request('PUT', '/admin/rules', {body: version === undefined ? {text} : {text, version}, admin: true})

export const getAdminCharter = (admin: AgoraClient): Promise<HubText & CharterAnalysis> =>
  admin.request('GET', '/admin/charter', {admin: true})
export const putCharter = (admin: AgoraClient, text: string, version?: number): Promise<CharterAnalysis> =>
  admin.request('PUT', '/admin/charter', {body: version === undefined ? {text} : {text, version}, admin: true})
export const readCharter = (seat: AgoraClient, full: boolean): Promise<CharterRead> =>
  seat.request('GET', full ? '/charter?full=true' : '/charter')
export const charterHistory = (c: AgoraClient, limit: number, admin: boolean): Promise<CharterHistoryRow[]> =>
  c.request('GET', `/charter/history?limit=${limit}`, {admin})
export const charterVersion = (c: AgoraClient, n: number, admin: boolean): Promise<HubText> =>
  c.request('GET', `/charter/versions/${n}`, {admin})
