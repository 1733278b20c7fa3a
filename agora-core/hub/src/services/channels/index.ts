// channels and membership: seats, channels, members, join and turn tokens, colleagues, channel info.
// The public face of services/channels/: code outside this folder imports from here only.

export {activeHubBlock, authenticate, cleanMission, registerAgent, requireAdmin, requireSeat, setAbout} from './agents.js'
export type {Principal, RegisterInput} from './agents.js'
export {archiveChannel, transferOwner, unarchiveChannel} from './channel-admin.js'
export {DM_INVITE_REFUSAL, channelState, createChannel, dmName, dmPeer, ensureCommons, ensureDm, insertChannel, isChannelAdmin, isDm, joinChannel, leaveChannel, mintInvite, pauseGate, redeemInvite, requireChannel, requireMember, setCursor} from './channels.js'
export {colleagueNotes, setColleagueNote} from './colleagues.js'
export {channelInfo, listChannels, memberList} from './info.js'
export {listJoinTokens, mintJoinToken, redeemJoinToken, revokeJoinToken} from './join-tokens.js'
export type {MintInput} from './join-tokens.js'
export {sha256Hex} from './secrets.js'
export {mintTurnToken, redeemTurnToken, revokeTurnToken} from './turn-tokens.js'
