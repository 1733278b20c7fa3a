import {validateDeclaration} from '@agora/contract'
import type {Probe} from '../types.js'

/** The harness is declared by an installed plugin, and the declaration passes the contract schema. */
export const c0Declared: Probe = {
  id: 'C0',
  capability: 'declared',
  needs: [],
  kind: 'structural',
  async run(ctx) {
    const target = ctx.target
    if (target === null) {
      return {
        status: 'FAIL',
        detail: `no installed harness plugin declares '${ctx.harness}' — install one (\`agora plugins install <package>\`) or see \`agora harness list\``,
      }
    }
    const plugin = `${target.plugin.name}@${target.plugin.version} (${target.plugin.type})`
    const problems = target.declaration === null ? target.problems : [...target.problems, ...validateDeclaration(target.declaration).problems]
    if (!target.valid || target.declaration === null || problems.length > 0) {
      const unique = [...new Set(problems)]
      return {
        status: 'FAIL',
        detail: `${plugin} declares '${ctx.harness}' but the declaration is invalid: ${unique.join('; ') || 'no declaration returned'}`,
        details: {plugin: target.plugin, problems: unique},
      }
    }
    return {status: 'PASS', detail: `${plugin}, contract ${target.declaration.contract}`, details: {plugin: target.plugin}}
  },
}
