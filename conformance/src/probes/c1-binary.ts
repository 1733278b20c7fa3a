import type {Probe} from '../types.js'
import {declarationOf} from './declaration-of.js'

/** The harness executable is on PATH. */
export const c1Binary: Probe = {
  id: 'C1',
  capability: 'binary',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx) {
    const decl = declarationOf(ctx)
    const path = await ctx.ports.which(decl.binary)
    if (path === null) {
      return {status: 'FAIL', detail: `\`${decl.binary}\` is not on PATH — install the framework, or put its directory on PATH`}
    }
    return {status: 'PASS', detail: path, details: {path}}
  },
}
