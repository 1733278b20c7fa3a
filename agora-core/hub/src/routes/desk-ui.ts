import {Router} from 'express'
import type {Request, Response} from 'express'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {endSession, mintLoginToken, redeemLoginToken, SESSION_COOKIE, SESSION_TTL, sessionCookie} from '../services/desk/index.js'

/**
 * The page may load only its own script and style and talk only to this hub: peer text rendered
 * by a bug as markup still cannot run, load or send anything.
 */
export const DESK_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** The built desk (agora-core/desk `npm run build`): a fixed set of files, so no path from the URL reaches the disk. */
const ASSETS: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
}

function secure(res: Response): void {
  res.setHeader('Content-Security-Policy', DESK_CSP)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cache-Control', 'no-store')
}

function cookie(value: string, maxAge: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}`
}

/** `/ui/`: the desk's static files, and the login exchange that turns `agora ui`'s one-time link into a session cookie. */
export function deskUiRoutes(ctx: Ctx, uiDir: string | null | undefined): Router {
  // Strict: `/ui` (redirected) and `/ui/` (the page) are different paths.
  const r = Router({strict: true})
  const serve = async (req: Request, res: Response, name: string): Promise<void> => {
    secure(res)
    if (!uiDir) {
      res.status(404).type('text/plain').send('the desk is not built into this hub; run `npm run build` in agora-core/desk and start it with `agora up`')
      return
    }
    let bytes: Buffer
    try {
      bytes = await readFile(join(uiDir, name))
    } catch {
      res.status(404).type('text/plain').send(`the desk asset ${name} is missing; rebuild with \`npm run build -w @agora/desk\``)
      return
    }
    res.statusCode = 200
    res.setHeader('Content-Type', ASSETS[name]!)
    res.setHeader('Content-Length', bytes.length)
    res.end(req.method === 'HEAD' ? undefined : bytes)
  }
  r.get('/ui', (_req, res) => res.redirect(308, '/ui/'))
  r.get('/ui/', async (req, res) => serve(req, res, 'index.html'))
  r.get('/ui/:asset', async (req, res) => {
    const name = String(req.params.asset)
    if (!Object.hasOwn(ASSETS, name)) fail(404, `no desk asset '${name}'; open /ui/`)
    await serve(req, res, name)
  })

  r.post('/ui/login-tokens', async (req, res) => {
    if (!req.headers.authorization) fail(401, 'a desk login is minted with a bearer key (a seat key or the admin key); run `agora ui`')
    const p = await principal(ctx, req)
    const body = validate('deskLoginToken', req.body)
    const minted = await mintLoginToken(ctx, p, body.seat ?? undefined)
    answer(res, 'post /ui/login-tokens', {...minted, path: '/ui/#login=' + minted.token})
  })

  r.post('/ui/session', async (req, res) => {
    secure(res)
    if (req.headers['x-agora-desk'] !== '1') fail(403, 'the login exchange is made by the desk page (it sends x-agora-desk: 1); open the link `agora ui` printed')
    const body = validate('deskSession', req.body)
    const s = await redeemLoginToken(ctx, body.token)
    res.setHeader('Set-Cookie', cookie(s.session, SESSION_TTL))
    answer(res, 'post /ui/session', {seat: s.seat, admin: s.admin, expires_at: s.expires_at})
  })

  r.delete('/ui/session', async (req, res) => {
    const session = sessionCookie(req.headers.cookie)
    if (session) await endSession(ctx, session)
    res.setHeader('Set-Cookie', cookie('', 0))
    answer(res, 'delete /ui/session', {ended: session !== null})
  })
  return r
}
