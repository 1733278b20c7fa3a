import {Type} from '@sinclair/typebox'
import type {TSchema} from '@sinclair/typebox'

/** Route answers are closed like the records: a field the hub adds without adding it here fails the live wire test. */
export const closed = {additionalProperties: false} as const
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
