import {Type} from '@sinclair/typebox'
import type {Static, TSchema, TUnsafe} from '@sinclair/typebox'

/**
 * Small builders for the JSON Schema shapes the wire uses. TypeBox's own unions compile to `anyOf`,
 * whose ajv errors differ from a plain `type: [a, 'null']` or `enum`; these keep the schema the hub
 * has always validated with (so 422 details stay as they were) while still carrying a static type.
 */

/** `{type: ['string', 'null']}`: a string, or an explicit null that means something. */
export const nullableString = (): TUnsafe<string | null> => Type.Unsafe<string | null>({type: ['string', 'null']})

/** `{type: ['number', 'null']}`. */
export const nullableNumber = (): TUnsafe<number | null> => Type.Unsafe<number | null>({type: ['number', 'null']})

/** `{enum: [...]}` over string literals, typed as their union. */
export const oneOf = <const T extends readonly string[]>(values: T): TUnsafe<T[number]> => Type.Unsafe<T[number]>({enum: [...values]})

/** `{const: value}` without the `type` TypeBox adds to a literal. */
export const exactly = <const T extends string>(value: T): TUnsafe<T> => Type.Unsafe<T>({const: value})

/** Any JSON object (its fields are checked later, by the hub's own rules). */
export const anyObject = (): TUnsafe<Record<string, unknown>> => Type.Unsafe<Record<string, unknown>>({type: 'object'})

/** A JSON object or null. */
export const nullableObject = (): TUnsafe<Record<string, unknown> | null> => Type.Unsafe<Record<string, unknown> | null>({type: ['object', 'null']})

/** An object whose every value fits `value` (`{channel: seq}` maps). */
export const mapOf = <T extends TSchema>(value: T): TUnsafe<Record<string, Static<T>>> =>
  Type.Unsafe<Record<string, Static<T>>>({type: 'object', additionalProperties: value})

/**
 * An integer a JSON number holds exactly (|n| ≤ 2^53 − 1). Past that, `9007199254740993` parses as
 * `…992` and `1e300` passes as an integer, so the hub would store a different number than was sent,
 * or none at all: such values are refused at the door.
 */
export const exactInt = (bounds: {minimum?: number; maximum?: number} = {}) =>
  Type.Integer({minimum: bounds.minimum ?? -Number.MAX_SAFE_INTEGER, maximum: bounds.maximum ?? Number.MAX_SAFE_INTEGER})

/** A non-negative integer (a seq, a version). */
export const nonNegativeInt = () => exactInt({minimum: 0})
