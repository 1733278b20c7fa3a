import type {TurnStage} from './vocabulary.js'

/**
 * A dotted path into one stream object: 'item.type', 'part.state.status'. A segment may select
 * from an array by a field, 'mcp_servers[name=agora].status', or by position, 'content[0].text'.
 */
export type JsonPath = string

export type Scalar = string | number | boolean | null

/**
 * One test on the value at a path. A bare scalar means equality. A missing value fails every
 * test except `notOneOf`, `{exists: false}` and `{empty: true}`.
 */
export type FieldTest =
  | Scalar
  | {oneOf: Scalar[]}
  | {notOneOf: Scalar[]}
  | {prefix: string}
  | {contains: string}
  | {exists: boolean}
  | {empty: boolean}

/** All tests must hold. */
export type Match = Record<JsonPath, FieldTest>

/** Where tool activity appears in the stream and how to read it. */
export interface ToolEventRule {
  /** Which stream objects carry the record. */
  match: Match
  /** When records sit in an array inside the object (e.g. 'message.content'), that array and a filter on its items. */
  each?: {path: JsonPath; match: Match}
  /**
   * 'complete': one record holds the call and its outcome; 'call': a call whose outcome arrives in a
   * later 'result' record with the same id; 'result': that outcome.
   */
  role: 'complete' | 'call' | 'result'
  /** Path to the tool name (alternatives tried in order); unused by 'result' records. */
  name?: JsonPath[]
  /** Path to the id pairing a call with its result. */
  id?: JsonPath
  /** The record is agora's (e.g. {'item.server': 'agora'}); without it, `toolNamePrefixes` decide. */
  agora?: Match
  /** The record reports failure when any of these matches. */
  failed?: Match[]
  /** When given, the record reports success only when this matches. */
  succeeded?: Match
  /** Path to the tool's output, searched for an application-level failure (ok:false, isError). */
  output?: JsonPath
  /** Paths to a failed record's message, tried in order (default: error.message, error, message). */
  errorText?: JsonPath[]
}

/** Lower-cased substrings of stdout+stderr that classify a failed turn. All `when` strings must occur. */
export interface FailureClass {
  when: string[]
  stage: TurnStage
  reason: string
}

/** A path holding the session id, optionally only on objects matching `match`. */
export type SessionIdRule = JsonPath | {match: Match; path: JsonPath}

/** The machine-readable turn stream of a harness, as data interpreted by one generic parser. */
export interface EvidenceSpec {
  format: 'ndjson'
  /** One phrase naming the stream, printed by C6: 'ndjson: mcp_tool_call / turn.completed'. */
  summary: string
  /**
   * Tool-name forms this harness uses for agora's tools, normalised to bare names: a name starting
   * with a prefix ('mcp__agora__', 'agora_') is agora's; a form starting with ':' (e.g. '::agora::')
   * may also occur inside the name, and the bare name is what follows it; a form ending in '$' is a
   * suffix (' (agora MCP Server)$'), and the bare name is what precedes it.
   */
  toolNamePrefixes: string[]
  toolEvents: ToolEventRule[]
  /** Any match marks the turn as having reached its end. Empty: no terminal event is required. */
  terminal: Match[]
  /** The reason given (stage `harness`) when `terminal` is non-empty and none matched. */
  terminalMissing: string
  /** Structured errors in the stream, with the paths holding their message. */
  errors: Array<{match: Match; message: JsonPath[]}>
  /** Stream objects proving agora's MCP server did not start (the exit code may still be 0). */
  mcpDown: Match[]
  /** Where the session id is, tried in order on every object; the first found wins. */
  sessionId: SessionIdRule[]
  /** The verdict for an agora call that failed and never later succeeded; `{tool}` is the bare name. */
  toolFailure: {stage: TurnStage; reason: string}
  /** Classification of a failed turn by its text, first match wins. */
  failureClasses: FailureClass[]
  /**
   * Refusal narrations to surface as operator notices: every `contains` string must occur in one
   * line of the stream; `{line}` in the notice is replaced by that line, trimmed.
   */
  notices: Array<{stream: 'stdout' | 'stderr'; contains: string[]; notice: string}>
  /**
   * Where the model's own words are. A `delta` record appends to the message being written; any
   * other record is a whole message; a tool event ends the message. The turn's final answer is the
   * last message (assistant-text.ts). Absent: the harness's text is not read.
   */
  assistantText?: AssistantTextRule[]
}

/** One record of model text: which objects carry it and where the text is. */
export interface AssistantTextRule {
  match: Match
  path: JsonPath
  delta?: boolean
}
