// presence: which seats are connected, working or recently active (in memory).
// The public face of services/presence/: code outside this folder imports from here only.

export {Presence, RECEPTION_WINDOW} from './presence.js'
export type {PresenceShare, Seat, SharedSeat} from './presence.js'
