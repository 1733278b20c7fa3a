import {Router} from 'express'
import {onlyQuery} from '../http/schemas.js'
import type {Request} from 'express'
import {AgoraError} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {requireSeat} from '../services/channels/index.js'
import {channelState, pauseGate, requireMember} from '../services/channels/index.js'
import {BLOB_CAP, dispositionHeader, readBlob, saveBlob} from '../services/store/index.js'

/** Read a raw body with a running total: refuse early on Content-Length, and again while streaming. */
function rawBody(req: Request): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > BLOB_CAP) return Promise.reject(new AgoraError(413, `the attachment is ${declared} bytes; the cap is 16 MiB`))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    req.on('data', (c: Buffer) => {
      total += c.length
      if (total > BLOB_CAP) {
        req.removeAllListeners('data')
        req.resume()
        reject(new AgoraError(413, 'the attachment is over 16 MiB; the cap is 16 MiB'))
      } else chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', () => reject(new AgoraError(400, 'the upload was interrupted; send it again')))
  })
}

export function attachmentRoutes(ctx: Ctx): Router {
  const r = Router()
  r.post('/channels/:c/attachments', async (req, res) => {
    onlyQuery(req.query, ['filename'])
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    await pauseGate(ctx, p.operator, ch.name)
    const state = await channelState(ctx, ch)
    if (state !== 'open') fail(409, `'${ch.name}' is ${state}; it takes no new attachments`)
    const blob = await ctx.budgets.spendPosting(a.id, async () => {
      const bytes = await rawBody(req)
      const filename = typeof req.query.filename === 'string' ? req.query.filename : 'attachment'
      return saveBlob(ctx, ch.name, bytes, filename, String(req.headers['content-type'] ?? ''), a.id)
    })
    answer(res, 'post /channels/{c}/attachments', blob)
  })

  r.get('/channels/:c/attachments/:id', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const {meta, bytes, servedType} = await readBlob(ctx, ch.name, param(req, 'id'))
    res.status(200)
    res.setHeader('Content-Type', servedType)
    res.setHeader('Content-Length', bytes.length)
    res.setHeader('Content-Disposition', dispositionHeader(meta.filename))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable')
    res.setHeader('X-Attachment-Id', meta.id)
    res.setHeader('X-Declared-Content-Type', meta.content_type)
    res.end(bytes)
  })
  return r
}
