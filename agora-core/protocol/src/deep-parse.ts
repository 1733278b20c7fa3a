import {LosslessNumber} from 'lossless-json'

const SPACE = /[ \t\n\r]*/y
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const LITERAL = /true|false|null/y
const LITERALS: Record<string, unknown> = {true: true, false: false, null: null}

interface Open {
  container: unknown[] | Record<string, unknown>
  key: string
}

/**
 * Strict JSON with numbers as LosslessNumber tokens, walked with an explicit stack so nesting
 * depth is bounded by memory, not by the call stack. Duplicate keys: the last wins, as in Python.
 */
export function parseDeepLossless(text: string): unknown {
  let at = 0
  const stack: Open[] = []
  const fail = (what: string): never => { throw new SyntaxError(`${what} at position ${at}`) }
  const skip = (): void => { SPACE.lastIndex = at; SPACE.exec(text); at = SPACE.lastIndex }
  const token = (re: RegExp): string | null => {
    re.lastIndex = at
    const m = re.exec(text)
    if (!m) return null
    at = re.lastIndex
    return m[0]
  }
  const key = (): string => {
    skip()
    const s = token(STRING) ?? fail('expected a string key')
    skip()
    if (text[at++] !== ':') fail('expected ":"')
    return JSON.parse(s) as string
  }
  for (;;) {
    skip()
    let value: unknown
    const c = text[at] ?? ''
    if (c === '{' || c === '[') {
      at++
      const container: Open['container'] = c === '{' ? {} : []
      skip()
      if (text[at] === (c === '{' ? '}' : ']')) {
        at++
        value = container
      } else {
        stack.push({container, key: c === '{' ? key() : ''})
        continue
      }
    } else if (c === '"') value = JSON.parse(token(STRING) ?? fail('invalid string'))
    else if (c === '-' || (c >= '0' && c <= '9')) value = new LosslessNumber(token(NUMBER) ?? fail('invalid number'))
    else value = LITERALS[token(LITERAL) ?? fail('unexpected character')]
    // Place the value, then close every container that ends right after it.
    for (;;) {
      const top = stack[stack.length - 1]
      if (!top) {
        skip()
        if (at !== text.length) fail('unexpected text after the JSON value')
        return value
      }
      const isArray = Array.isArray(top.container)
      if (isArray) (top.container as unknown[]).push(value)
      else Object.defineProperty(top.container, top.key, {value, enumerable: true, writable: true, configurable: true})
      skip()
      const sep = text[at++]
      if (sep === ',') {
        if (!isArray) top.key = key()
        break
      }
      if (sep !== (isArray ? ']' : '}')) fail(`expected "," or "${isArray ? ']' : '}'}"`)
      stack.pop()
      value = top.container
    }
  }
}
