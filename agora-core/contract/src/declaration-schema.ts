import {
  CONTINUITY_STYLES,
  CONTRACT_ITEMS,
  IDENTITY_SCOPES,
  KNOBS,
  PERMISSION_LEVELS,
  CONFIG_STAGES,
  SEMANTIC_STAGES,
  TOOL_REACHES,
  TRANSPORT_STAGES,
  TRANSPORTS,
} from './vocabulary.js'

const STAGES = [...SEMANTIC_STAGES, ...CONFIG_STAGES, ...TRANSPORT_STAGES]
const str = {type: 'string'} as const
const nonEmpty = {type: 'string', minLength: 1} as const
const strings = {type: 'array', items: str} as const
const words = (vocab: readonly string[]) => ({type: 'array', items: {enum: [...vocab]}, uniqueItems: true})
const scalar = {type: ['string', 'number', 'boolean', 'null']}
const fieldTest = {
  anyOf: [
    scalar,
    {type: 'object', additionalProperties: false, required: ['oneOf'], properties: {oneOf: {type: 'array', items: scalar}}},
    {type: 'object', additionalProperties: false, required: ['notOneOf'], properties: {notOneOf: {type: 'array', items: scalar}}},
    {type: 'object', additionalProperties: false, required: ['prefix'], properties: {prefix: str}},
    {type: 'object', additionalProperties: false, required: ['contains'], properties: {contains: str}},
    {type: 'object', additionalProperties: false, required: ['exists'], properties: {exists: {type: 'boolean'}}},
    {type: 'object', additionalProperties: false, required: ['empty'], properties: {empty: {type: 'boolean'}}},
  ],
}
// match and its field test appear a dozen times in an evidence spec: as $defs referenced by $ref, ajv
// compiles each once (inlined, compiling the schema took ~350 ms of every CLI start that validates).
const fieldTestRef = {$ref: '#/$defs/fieldTest'}
const match = {$ref: '#/$defs/match'}
const obj = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
})

const toolEventRule = obj(['match', 'role'], {
  match,
  each: obj(['path', 'match'], {path: nonEmpty, match}),
  role: {enum: ['complete', 'call', 'result']},
  name: {type: 'array', items: nonEmpty, minItems: 1},
  id: nonEmpty,
  agora: match,
  failed: {type: 'array', items: match},
  succeeded: match,
  output: nonEmpty,
  errorText: {type: 'array', items: nonEmpty},
})

const evidenceSchema = obj(
  ['format', 'summary', 'toolNamePrefixes', 'toolEvents', 'terminal', 'terminalMissing', 'errors', 'mcpDown', 'sessionId', 'toolFailure', 'failureClasses', 'notices'],
  {
    format: {const: 'ndjson'},
    summary: nonEmpty,
    toolNamePrefixes: strings,
    toolEvents: {type: 'array', items: {$ref: '#/$defs/toolEventRule'}, minItems: 1},
    terminal: {type: 'array', items: match},
    terminalMissing: nonEmpty,
    errors: {type: 'array', items: obj(['match', 'message'], {match, message: strings})},
    mcpDown: {type: 'array', items: match},
    sessionId: {type: 'array', items: {anyOf: [nonEmpty, obj(['match', 'path'], {match, path: nonEmpty})]}},
    toolFailure: obj(['stage', 'reason'], {stage: {enum: STAGES}, reason: nonEmpty}),
    failureClasses: {
      type: 'array',
      items: obj(['when', 'stage', 'reason'], {when: {type: 'array', items: nonEmpty, minItems: 1}, stage: {enum: STAGES}, reason: nonEmpty}),
    },
    notices: {
      type: 'array',
      items: obj(['stream', 'contains', 'notice'], {
        stream: {enum: ['stdout', 'stderr']},
        contains: {type: 'array', items: nonEmpty, minItems: 1},
        notice: nonEmpty,
      }),
    },
    assistantText: {type: 'array', items: obj(['match', 'path'], {match, path: nonEmpty, delta: {type: 'boolean'}})},
  },
)

/**
 * The JSON schema of a declaration's data half (everything but `buildCommand`, which is checked
 * to be a function). The workspace footprint is interpreted by setup; here it must be an object.
 */
export const declarationSchema = {
  $id: 'https://agora.invalid/schemas/harness-declaration.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'name', 'summary', 'contract', 'binary', 'probeArgv', 'supports', 'advisory', 'unmet', 'reasoningVocab',
    'permissions', 'knobRequirements', 'defaults', 'continuity', 'toolReach', 'identityScope', 'evidence',
    'workspace', 'buildCommand',
  ],
  properties: {
    name: {type: 'string', pattern: '^[a-z][a-z0-9-]*$'},
    summary: nonEmpty,
    contract: nonEmpty,
    transport: {enum: [...TRANSPORTS]},
    worker: obj(['url', 'profile'], {
      url: {type: 'string', pattern: '^https?://[^\\s/]+(/[^\\s]*)?$'},
      profile: {type: 'object', required: ['name', 'runtime'], properties: {name: nonEmpty, runtime: nonEmpty}},
    }),
    binary: nonEmpty,
    probeArgv: strings,
    supports: words(KNOBS),
    advisory: words(KNOBS),
    unmet: words(CONTRACT_ITEMS),
    reasoningVocab: {type: 'array', items: nonEmpty, uniqueItems: true},
    permissions: obj(['vocab', 'argv', 'rationale', 'default'], {
      vocab: {...words(PERMISSION_LEVELS), minItems: 1},
      argv: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(PERMISSION_LEVELS.map((level) => [level, strings])),
      },
      rationale: str,
      default: {enum: [...PERMISSION_LEVELS, null]},
    }),
    knobRequirements: {
      type: 'array',
      items: obj(['knob', 'requires', 'reason'], {knob: {enum: [...KNOBS]}, requires: {...words(KNOBS), minItems: 1}, reason: nonEmpty}),
    },
    defaults: obj(['model', 'reasoning', 'modelFitForDriving'], {
      model: {type: ['string', 'null'], minLength: 1},
      reasoning: {type: ['string', 'null'], minLength: 1},
      modelFitForDriving: {type: 'boolean'},
    }),
    continuity: {enum: [...CONTINUITY_STYLES]},
    toolReach: {enum: [...TOOL_REACHES]},
    identityScope: {enum: [...IDENTITY_SCOPES]},
    evidence: {anyOf: [{type: 'null'}, {$ref: '#/$defs/evidence'}]},
    workspace: {type: 'object'},
    buildCommand: {},
  },
  $defs: {
    fieldTest,
    match: {type: 'object', additionalProperties: fieldTestRef},
    toolEventRule,
    evidence: evidenceSchema,
  },
} as const
