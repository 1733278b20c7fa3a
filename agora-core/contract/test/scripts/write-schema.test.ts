import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {Ajv} from 'ajv'
import {declarationSchema} from '../../src/declaration-schema.js'

const SCRIPT = fileURLToPath(new URL('../../scripts/write-schema.mjs', import.meta.url))
const FILE = fileURLToPath(new URL('../../dist/harness-declaration.schema.json', import.meta.url))
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
})
