import type {AgoraClient} from '@agora/client'

export interface DeskLogin {
  token: string
  seat: string
  admin: boolean
  expires_at: number
  /** `/ui/#login=<token>`: the token rides in the fragment, which the browser never sends in a request line. */
  path: string
}

/** `POST /ui/login-tokens`: the admin key names an operator seat; a seat key mints for itself. */
export const mintDeskLogin = (client: AgoraClient, seat: string | undefined, admin: boolean): Promise<DeskLogin> =>
  client.request('POST', '/ui/login-tokens', {body: seat ? {seat} : {}, admin})

/** The seat that opens the desk when none is named: the first operator seat, or a new `desk` operator seat. */
export const DEFAULT_DESK_SEAT = 'desk'
