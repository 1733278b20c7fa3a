import {createHash} from 'node:crypto'
import {createRequire} from 'node:module'
import type {ErrorObject} from 'ajv'
// The two functions only: semver's index loads 45 modules, these 19 (this module is on `agora harness list`'s start-up path).
import satisfies from 'semver/functions/satisfies.js'
import validRange from 'semver/ranges/valid.js'
import type * as AjvModule from 'ajv'
import {declarationSchema} from './declaration-schema.js'
import {CONTRACT_VERSION, DEFAULT_PERMISSION_LEVEL, PERMISSION_LEVELS} from './vocabulary.js'
import {resolveDeclaration} from './resolve-declaration.js'
import type {HarnessDeclaration} from './declaration.js'

type SchemaCheck = ((data: unknown) => boolean) & {errors?: ErrorObject[] | null}

/** Which schema a precompiled validator was generated from (scripts/write-schema.mjs stamps it on the file). */
export const schemaDigest = createHash('sha256').update(JSON.stringify(declarationSchema)).digest('hex').slice(0, 16)

const require = createRequire(import.meta.url)
let schemaCheck: SchemaCheck | undefined

/**
 * The build's precompiled validator when it was made from this very schema, else ajv compiling it now.
 * Loaded on first use, so a command that validates nothing pays for neither.
 */
function checkSchema(): SchemaCheck {
  if (schemaCheck) return schemaCheck
  try {
    const built = require('./declaration-validator.cjs') as SchemaCheck & {digest?: string}
    if (built.digest === schemaDigest) return (schemaCheck = built)
  } catch {
    // absent when running from source, or after a tsc build that skipped scripts/write-schema.mjs
  }
  const {Ajv} = require('ajv') as typeof AjvModule
  return (schemaCheck = new Ajv({allErrors: true, strict: false}).compile(declarationSchema))
}

export interface DeclarationCheck {
  valid: boolean
  problems: string[]
}

/**
 * C0 at runtime: the JSON schema of the data half, then the invariants the schema cannot say.
 * Every problem is one sentence naming the field, so a plugin author can fix it from the list.
 */
export function validateDeclaration(declared: unknown): DeclarationCheck {
  const decl = resolveDeclaration(declared)
  const check = checkSchema()
  if (!check(decl)) {
    const problems = (check.errors ?? []).map((e) => `${e.instancePath || 'declaration'} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`)
    if (decl && typeof decl === 'object' && typeof (decl as {buildCommand?: unknown}).buildCommand !== 'function') problems.push('buildCommand must be a function')
    return {valid: false, problems: [...new Set(problems)]}
  }
  const problems = invariantProblems(decl as unknown as HarnessDeclaration)
  return {valid: problems.length === 0, problems}
}

function invariantProblems(d: HarnessDeclaration): string[] {
  const problems: string[] = []
  const need = (ok: boolean, problem: string) => ok || problems.push(problem)
  need(typeof d.buildCommand === 'function', 'buildCommand must be a function')
  need((d.transport ?? 'argv') !== 'argv' || d.probeArgv.length > 0, 'probeArgv must name the arguments of a run that ends without an LLM call (C2)')
  need((d.transport === 'http') === (d.worker !== undefined), "worker (the Orca worker's url and profile) must be set exactly when transport is 'http'")
  need((d.evidence === null) === d.unmet.includes('evidence'), "evidence must be null exactly when 'evidence' is in unmet")
  // a declaration predating leases simply lacks preToolUse, and is read as 'lease-hook' unmet
  need(!(d.workspace?.hooks?.preToolUse && d.unmet.includes('lease-hook')), "'lease-hook' is in unmet but workspace.hooks.preToolUse declares the gate; drop one")
  const pluginGate = d.workspace?.leaseGate
  need(!(pluginGate && d.unmet.includes('lease-hook')), "'lease-hook' is in unmet but workspace.leaseGate declares the gate; drop one")
  need(!(pluginGate && d.workspace?.hooks?.preToolUse), 'declare the lease gate once: workspace.hooks.preToolUse or workspace.leaseGate, not both')
  need(!pluginGate || (d.workspace.files ?? []).some((f) => f.path === pluginGate.file), `workspace.leaseGate.file '${pluginGate?.file}' must be one of workspace.files, the file that carries the gate`)
  need(!pluginGate || (pluginGate.tools.length > 0 && pluginGate.pathFields.length > 0), 'workspace.leaseGate must name at least one tool and one path field')
  need(d.supports.includes('reasoning') === d.reasoningVocab.length > 0, "reasoningVocab must be non-empty exactly when 'reasoning' is in supports")
  need(d.supports.includes('session'), "supports must include 'session' (a turn must be resumable or say why not through continuity)")
  need(d.advisory.every((k) => d.supports.includes(k)), 'every advisory knob must also be in supports')
  const {vocab, argv, rationale, default: level} = d.permissions
  need(level === null || vocab.includes(level), `permissions.default '${level}' must be one of permissions.vocab (${vocab.join(', ')})`)
  need(level !== null || vocab.includes(DEFAULT_PERMISSION_LEVEL), `permissions.default must be set when '${DEFAULT_PERMISSION_LEVEL}' (agora's default) is not in permissions.vocab`)
  const strayArgv = Object.keys(argv).filter((k) => !vocab.includes(k as never))
  need(strayArgv.length === 0, `permissions.argv keys must be levels in permissions.vocab; stray: ${strayArgv.join(', ')}`)
  need(vocab.length === PERMISSION_LEVELS.length || rationale.trim().length > 0, 'permissions.rationale must say why when permissions.vocab is narrower than read, write, all')
  need(d.defaults.reasoning === null || d.reasoningVocab.includes(d.defaults.reasoning), `defaults.reasoning '${d.defaults.reasoning}' must be one of reasoningVocab`)
  for (const r of d.knobRequirements) {
    need([r.knob, ...r.requires].every((k) => d.supports.includes(k)), `knobRequirements on '${r.knob}' may name only supported knobs`)
  }
  const range = validRange(d.contract)
  need(range !== null, `contract '${d.contract}' is not a semver range`)
  need(range === null || satisfies(CONTRACT_VERSION, range), `contract range '${d.contract}' is not satisfied by this agora's harness contract ${CONTRACT_VERSION}`)
  return problems
}
