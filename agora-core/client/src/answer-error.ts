/**
 * The peer at the hub URL answered, but not as an agora hub does: a body past the client's cap,
 * non-JSON where JSON was due, or JSON of the wrong shape. Nothing from such an answer is kept.
 * The message is one line naming the URL and what to check, since the usual cause is --url
 * pointing at something else (or a proxy mangling the answer).
 */
export class AgoraAnswerError extends Error {
  readonly url: string
  readonly method: string
  readonly path: string

  constructor(url: string, method: string, path: string, what: string) {
    super(`the hub at ${url} answered ${method} ${path} with ${what}; check that --url / AGORA_URL points at an agora hub (\`agora status\` shows it) and run the command again`)
    this.name = 'AgoraAnswerError'
    this.url = url
    this.method = method
    this.path = path
  }
}
