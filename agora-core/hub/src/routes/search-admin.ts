import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import type {Principal} from '../services/channels/index.js'
import {rebuildSearch, searchDrift} from '../services/search/index.js'

export function requireOperatorOrAdmin(p: Principal): void {
  if (!p.operator) fail(403, 'this route is for operators (an operator seat or the hub admin key)')
}

/** The search index's operator routes: check it against the messages, rebuild it from them. */
export function searchAdminRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/admin/search/drift', async (req, res) => {
    requireOperatorOrAdmin(await principal(ctx, req))
    answer(res, 'get /admin/search/drift', await searchDrift(ctx))
  })
  r.post('/admin/search/rebuild', async (req, res) => {
    requireOperatorOrAdmin(await principal(ctx, req))
    answer(res, 'post /admin/search/rebuild', await rebuildSearch(ctx))
  })
  return r
}
