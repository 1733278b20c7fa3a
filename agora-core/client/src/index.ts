export {AgoraClient} from './client.js'
export type {AgoraClientOptions} from './client.js'
export {AgoraArgumentError, AgoraFrameError, AgoraHttpError, AgoraUnreachableError, describeDetail, nextStep, retryAfterMs} from './errors.js'
export type {ValidationIssue} from './errors.js'
export type {FetchLike, RequestOptions} from './http.js'
export {seg, segs} from './http.js'
export {EnvelopeDedupe} from './dedupe.js'
export {AgoraSocket, OVERFLOW_CLOSE} from './socket.js'
export {ResumePoints} from './resume.js'
export type {AgoraSocketEvents, AgoraSocketOptions} from './socket.js'
export {Inbox} from './inbox.js'
export {connectAsSeat} from './seat.js'
export type {ConnectAsSeatOptions, KeySource, SeatConnection} from './seat.js'
export {CLIENT_VERSION} from './version.js'
export {parseBody, stringifyBody} from './json.js'
export type {
  AgentRecord, Ask, AttachmentRef, ChannelInfo, ChannelRecord, ChannelSummary, Envelope, FsFile, FsListRow,
  FsWriteRequest, GroupRequest, GroupResult, Health, HubRoot, InviteResult, JoinResult, Json, Kind, Ledger,
  LedgerTurn, Member, Message, MessageRow, OwedAnswerRow, OwedCloseRow, OwedConsumeRow, OwedReport, PostMessage,
  RegisterAgentRequest, RegisterAgentResult, Status, StoreEntry, StoreListRow, Urgency, Whoami,
} from './wire.js'
export type {Lease, LeaseCheck, LeaseConflict, LeaseList, LeaseMode, TakeLeases} from './leases.js'
export {SEARCH_SECTIONS, leaderboard, rateAgent, rateMessage, resolveThread, searchHub, unrateMessage, withdrawAgentVote} from './reputation.js'
export type {Leaderboard, LeaderboardRow, ReputationAxis, SearchBlock, SearchHit, SearchOptions, SearchReport, SearchSection} from './reputation.js'
export type {TurnGrant, TurnToken} from './turn-tokens.js'
export {ackRulings, fetchBoard, fetchDesk, fetchRulings, fetchSuperviseAll, fetchSuperviseRoom, fetchWorkItem} from './work.js'
export type {Board, BoardSeat, Desk, LiveWorkRow, Ruling, RulingAcks, RulingsDigest, SuperviseAll, SuperviseRoom, SuperviseThread, WorkItem, WorkStoreRow} from './work.js'
