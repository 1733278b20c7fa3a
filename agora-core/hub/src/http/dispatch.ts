import {Router} from 'express'
import type {NextFunction, Request, Response} from 'express'

/** The parts of express's router layers this reads (router 2.x keeps them on every layer). */
interface Layer {
  route?: {path: unknown}
  rawPath?: unknown
  slash?: boolean
  handle?: {stack?: Layer[]}
}

type Handler = (req: Request, res: Response, next: NextFunction) => void

/** A literal first path segment as a route spells it; anything else (`:c`, `*path`, `{x}`) can match any segment. */
const LITERAL = /^[A-Za-z0-9._~-]*$/
const ANY = Symbol('any segment')

/** The first segments a router's routes can match, or ANY when one of its layers could match any path. */
function firstSegments(stack: Layer[], out: Set<string | typeof ANY>): void {
  for (const layer of stack) {
    if (layer.route) {
      const path = layer.route.path
      const segment = typeof path === 'string' && path.startsWith('/') ? path.split('/')[1] ?? null : null
      out.add(segment !== null && LITERAL.test(segment) ? segment.toLowerCase() : ANY)
    } else if (layer.slash && layer.handle?.stack) {
      firstSegments(layer.handle.stack, out) // a router mounted at '/' sees the whole path
    } else {
      out.add(ANY) // a middleware, or a router mounted under a path: runs for paths we cannot rule out
    }
  }
}

/**
 * The route groups, run by the request path's first segment. Mounted one after another on the app,
 * express walked every group (and matched every route in it) before reaching a late one; here a
 * request enters, in mount order, only the groups with a route that can match its first segment
 * (express matches paths case-insensitively, so the lookup is too). A group a request skips could
 * only have passed it on, so what answers and in which order is unchanged.
 * `stack` lists the groups in mount order for servedRoutes (routes-list.ts), which reads express's stacks.
 */
export function dispatchByFirstSegment(groups: Router[]): Handler & {stack: Layer[]} {
  const withSegments = groups.map(g => {
    const out = new Set<string | typeof ANY>()
    firstSegments((g as unknown as {stack: Layer[]}).stack, out)
    return {g, segments: out}
  })
  const chain = (take: (segments: Set<string | typeof ANY>) => boolean): Router => {
    const r = Router()
    for (const {g, segments} of withSegments) if (take(segments)) r.use(g)
    return r
  }
  const literals = new Set<string>()
  for (const {segments} of withSegments) for (const x of segments) if (x !== ANY) literals.add(x)
  const bySegment = new Map<string, Router>()
  for (const segment of literals) bySegment.set(segment, chain(s => s.has(ANY) || s.has(segment)))
  const rest = chain(s => s.has(ANY))
  const all = chain(() => true)
  const dispatch: Handler = (req, res, next) => {
    const segment = firstSegmentOf(req.url)
    ;(segment === null ? all : bySegment.get(segment) ?? rest)(req, res, next)
  }
  return Object.assign(dispatch, {stack: groups.map(g => ({handle: g as unknown as {stack: Layer[]}, slash: true}))})
}

/**
 * The lower-cased first segment of an origin-form URL (`/a/b?q` → `a`), or null when the URL is not
 * the plain form express's fast path parses the same way (absolute form, or a space, tab, `#` or
 * backslash before the query): such a request takes every group, as it did before.
 */
export function firstSegmentOf(url: string): string | null {
  if (url.charCodeAt(0) !== 47 /* / */) return null
  let end = -1
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i)
    if (c === 63 /* ? */) break
    if (c === 47 /* / */) { if (end < 0) end = i; continue }
    if (c <= 32 || c === 35 /* # */ || c === 92 /* \ */ || c === 160 || c === 0xfeff) return null
  }
  const q = url.indexOf('?')
  const stop = end >= 0 ? end : q >= 0 ? q : url.length
  return url.slice(1, stop).toLowerCase()
}
