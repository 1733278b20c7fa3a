// Writes dist/harness-declaration.schema.json from the compiled declaration schema, the one source
// validateDeclaration uses, so the published file cannot drift from what agora enforces.
import {writeFileSync} from 'node:fs'
import {declarationSchema} from '../dist/declaration-schema.js'

const file = {
  ...declarationSchema,
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://unpkg.com/@agora/contract/dist/harness-declaration.schema.json',
  title: 'agora harness declaration',
  description: 'The data half of what a harness plugin answers to the agora:harness hook. buildCommand is a ' +
    'function, so only its presence is declared here; validateDeclaration (and `agora harness validate <dir>`) ' +
    'also checks the invariants a schema cannot say. Generated from @agora/contract at build; do not edit.',
}
writeFileSync(new URL('../dist/harness-declaration.schema.json', import.meta.url), JSON.stringify(file, null, 2) + '\n')
