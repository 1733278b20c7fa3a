import {sha256} from '@noble/hashes/sha2.js'
import {bytesToHex, utf8ToBytes} from '@noble/hashes/utils.js'

/**
 * The two `node:crypto` calls @agora/protocol makes, for the browser bundle (scripts/build-ui.mjs
 * aliases `node:crypto` here): the ledger hash must be synchronous and byte-identical to node's, so
 * the desk verifies with the very canonicalization `agora ledger verify` uses.
 */
export function createHash(algorithm: string): {update(text: string, enc?: string): {digest(enc: string): string}} {
  if (algorithm !== 'sha256') throw new Error(`the desk bundle only carries sha256, not ${algorithm}`)
  return {
    update(text: string) {
      return {
        digest(enc: string) {
          if (enc !== 'hex') throw new Error(`the desk bundle only digests to hex, not ${enc}`)
          return bytesToHex(sha256(utf8ToBytes(text)))
        },
      }
    },
  }
}

export function randomBytes(n: number): {toString(enc: string): string} {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(n))
  return {toString: () => bytesToHex(bytes)}
}
