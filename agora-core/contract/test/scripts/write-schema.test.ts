import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {createRequire} from 'node:module'
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Ajv} from 'ajv'
import {declarationSchema} from '../../src/declaration-schema.js'
import {schemaDigest} from '../../src/validate-declaration.js'

const SCRIPT = fileURLToPath(new URL('../../scripts/write-schema.mjs', import.meta.url))
const FILE = fileURLToPath(new URL('../../dist/harness-declaration.schema.json', import.meta.url))
const VALIDATOR = fileURLToPath(new URL('../../dist/declaration-validator.cjs', import.meta.url))
const EXAMPLE = new URL('../../../../docs/examples/harness-myagent/hooks/harness.js', import.meta.url).href

describe('scripts/write-schema', () => {
  let written: Record<string, unknown>
  before(async function () {
    this.timeout(20_000)
    await new Promise<void>((resolve, reject) => execFile(process.execPath, [SCRIPT], (error) => (error ? reject(error) : resolve())))
    written = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>
  })

  it('writes exactly the schema validateDeclaration enforces, under a draft-07 header', () => {
    const {$schema, $id, title, description, ...schema} = written
    expect($schema).to.equal('http://json-schema.org/draft-07/schema#')
    expect([$id, title, typeof description]).to.deep.equal(['https://unpkg.com/@agora/contract/dist/harness-declaration.schema.json', 'agora harness declaration', 'string'])
    const {$id: _id, title: _title, ...source} = JSON.parse(JSON.stringify(declarationSchema)) as Record<string, unknown>
    expect(schema).to.deep.equal(source)
  })

  it('accepts the README example declaration and names the field of a wrong one', async () => {
    const hook = (await import(EXAMPLE)) as {default: () => Promise<Record<string, unknown>>}
    const example = await hook.default()
    const check = new Ajv({allErrors: true, strict: false}).compile(written)
    expect(check(example), JSON.stringify(check.errors)).to.equal(true)
    expect(check({...example, toolReach: 'telepathy'})).to.equal(false)
    expect(check.errors?.map((error) => error.instancePath)).to.include('/toolReach')
  })

  it('writes a precompiled validator stamped with the schema digest that judges like a fresh compile', async () => {
    const hook = (await import(EXAMPLE)) as {default: () => Promise<Record<string, unknown>>}
    const example = await hook.default()
    type Check = ((data: unknown) => boolean) & {errors?: Array<{instancePath: string}> | null; digest?: string}
    const built = createRequire(import.meta.url)(VALIDATOR) as Check
    expect(built.digest).to.equal(schemaDigest)
    expect(built(example)).to.equal(true)
    expect(built({...example, toolReach: 'telepathy'})).to.equal(false)
    expect(built.errors?.map((error) => error.instancePath)).to.include('/toolReach')
  })
})
