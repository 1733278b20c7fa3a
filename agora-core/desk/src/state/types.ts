/** The envelope and message fields the desk reads (a subset of the wire's; @agora/protocol types the rest). */
export interface DeskMessage {
  id: string
  channel: string
  seq: number
  sender: string
  kind: string
  status: string
  urgency: string
  critical: boolean
  to: string[]
  title: string
  body: string | null
  data: unknown
  reply_to: string | null
  created_at: number
  retracted?: boolean
}

export interface DeskChannel {
  name: string
  private: boolean
  member: boolean
  member_count: number
  last_seq: number
  last_at: number | null
  archived: boolean
}

export interface PresenceRow {
  agent_id: string
  state: string
  updated_at: number
}
