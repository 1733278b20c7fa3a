import {readFileSync} from 'node:fs'
import {Ajv} from 'ajv'
import {expect} from 'chai'

const schema = JSON.parse(readFileSync(new URL('../schema/harness-check.schema.json', import.meta.url), 'utf8')) as object
const validate = new Ajv({allErrors: true, strict: false}).compile(schema)

/** Asserts a --json report against the published schema, showing ajv's complaints on failure. */
export function expectSchemaValid(report: unknown): void {
  const valid = validate(report)
  expect(validate.errors ?? [], JSON.stringify(validate.errors)).to.deep.equal([])
  expect(valid).to.equal(true)
}
