/**
 * Body codec. Kept in one place so the client can switch to @agora/protocol's lossless
 * parser/stringifier (numbers in `data` round-trip) without touching call sites.
 */
export const parseBody = (text: string): unknown => JSON.parse(text)
export const stringifyBody = (value: unknown): string => JSON.stringify(value)
