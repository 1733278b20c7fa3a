import type {NextFunction, Request, Response} from 'express'
import {parseJsonLossless} from '@agora/protocol'
import {AgoraError} from '@agora/protocol'
import {BODY_LIMIT} from '../limits.js'
import {decodeUtf8, mayHoldSurrogate, textViolation} from './text.js'

export {BODY_LIMIT}

const MAYBE_LOSSY = /[0-9][.eE]|[0-9]{16}/

declare module 'express-serve-static-core' {
  interface Request {
    /** The same body parsed losslessly: `data` and store `value` keep their number tokens. */
    lossless?: Record<string, unknown>
  }
}

/**
 * Reads JSON bodies ourselves: a plain parse for schema validation and a lossless parse for
 * the fields whose number tokens must survive (`data`, store `value`). Bad JSON is 422, too
 * large is 413, and text that is not valid Unicode (bad UTF-8 bytes, a lone surrogate escape)
 * or JSON past the depth or array limits is 422 naming where, before any route sees it.
 */
export function jsonBody(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  // Bodies are read as sent: a compressed one would otherwise be refused as bad UTF-8, which misleads.
  const encoding = req.headers['content-encoding']?.trim().toLowerCase()
  if (encoding && encoding !== 'identity') {
    return next(new AgoraError(415, `request bodies are not accepted compressed (Content-Encoding: ${encoding.slice(0, 40)}); send the body uncompressed`))
  }
  // Attachment uploads are raw bytes; their route streams the body itself.
  if (req.method === 'POST' && /^\/channels\/[^/]+\/attachments\/?$/.test(req.path)) return next()
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > BODY_LIMIT) return next(new AgoraError(413, `request body is ${declared} bytes; the limit is ${BODY_LIMIT}`))
  const chunks: Buffer[] = []
  let total = 0
  let failed = false
  req.on('data', (c: Buffer) => {
    total += c.length
    if (total > BODY_LIMIT && !failed) {
      failed = true
      next(new AgoraError(413, `request body is over ${BODY_LIMIT} bytes; send less`))
      return
    }
    if (!failed) chunks.push(c)
  })
  req.on('error', () => {
    if (!failed) {
      failed = true
      next(new AgoraError(400, 'the request body could not be read; resend it'))
    }
  })
  req.on('end', () => {
    if (failed) return
    let text: string
    try {
      text = decodeUtf8(Buffer.concat(chunks), 'body')
    } catch (err) {
      return next(err)
    }
    if (text.trim() === '') {
      req.body = undefined
      return next()
    }
    let plain: unknown
    try {
      plain = JSON.parse(text)
    } catch (err) {
      if (hasNonFiniteLiteral(text)) {
        return next(new AgoraError(400, 'request body uses NaN or Infinity, which strict JSON does not allow; send finite numbers or null'))
      }
      // FastAPI (the reference) answers an unparseable body with 422 json_invalid, not 400.
      return next(new AgoraError(422, [{loc: ['body'], msg: `request body is not valid JSON (${(err as Error).message}); send a JSON object`, type: 'json_invalid'}]))
    }
    // Checked before the lossless parse, which recurses per level.
    const bad = textViolation(plain, 'body', mayHoldSurrogate(text))
    if (bad) return next(new AgoraError(422, [bad]))
    req.body = plain
    try {
      // A plain parse is exact unless some number token has a point, an exponent or 16+ digits.
      const lossless = MAYBE_LOSSY.test(text) ? parseJsonLossless(text) : plain
      req.lossless = lossless && typeof lossless === 'object' ? (lossless as Record<string, unknown>) : undefined
    } catch (err) {
      return next(new AgoraError(422, [{loc: ['body'], msg: `request body is not valid JSON (${(err as Error).message}); send a JSON object`, type: 'json_invalid'}]))
    }
    next()
  })
}

/** Python's json module reads NaN/Infinity, so the reference refuses them later with 400; mirror that. */
export function hasNonFiniteLiteral(text: string): boolean {
  let out = ''
  let found = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') {
      const start = i
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++
      out += text.slice(start, i + 1)
      continue
    }
    const rest = text.slice(i, i + 9)
    const m = /^(-?Infinity|NaN)/.exec(rest)
    if (m) {
      out += 'null'
      i += m[0].length - 1
      found = true
      continue
    }
    out += c
  }
  if (!found) return false
  try {
    JSON.parse(out)
    return true
  } catch {
    return false
  }
}
