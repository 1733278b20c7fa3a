// desk: web desk sessions.
// The public face of services/desk/: code outside this folder imports from here only.

export {SESSION_COOKIE, SESSION_TTL, endSession, mintLoginToken, redeemLoginToken, sessionCookie, sessionPrincipal} from './sessions.js'
