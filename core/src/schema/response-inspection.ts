/** The `responseValidation` option: checking each reply's payload against its response schema, logging or refusing what does not match. */
import type { ServerResponse } from 'node:http'
import { createSerializationInspector, type SerializationInspector, type SerializationIssue } from '@enclave/fjs'
import { errorCodes } from '../errors/codes.js'
import { buildResponseTable } from './compile-serialization.js'
import { isUsingDefaultSerializer } from './compilers.js'
import { pickForMediaType, selectEntry, type ResponseTable } from './select-serializer.js'
import { kReplyHeaders, kReplyRoute } from '../symbols.js'
import type { RouteContext } from '../routing/route-context.js'
import type { EnclaveLogger } from '../logging/logger.js'

/** What the inspector reads of a reply: its status, its Content-Type so far, its route and its logger. */
export interface InspectedReply {
  readonly raw: ServerResponse
  readonly log: EnclaveLogger
  readonly [kReplyRoute]: RouteContext
  readonly [kReplyHeaders]: Record<string, unknown>
}

/** What the inspector found, plus the one case it cannot see: no schema for the reply's media type. */
export interface ResponseIssue {
  path: string
  kind: SerializationIssue['kind'] | 'no-schema-for-media-type'
  message: string
}

export type ResponseInspector = (reply: InspectedReply, payload: unknown) => void

/** Issues named in a log line or error message; the full list stays on the log object / error. */
const issuesInMessage = 10
/** Issues kept at all: a large array of bad rows must not turn one reply into megabytes of log. */
const issuesKept = 100

function describeIssue (issue: ResponseIssue): string {
  return `${issue.path === '' ? '(root)' : issue.path} ${issue.kind}: ${issue.message}`
}

function summarize (issues: ResponseIssue[], route: RouteContext, statusCode: number): string {
  const named = issues.slice(0, issuesInMessage).map(describeIssue).join('; ')
  const more = issues.length > issuesInMessage ? `; and ${issues.length - issuesInMessage} more` : ''
  return `the ${statusCode} response of ${route.method} ${route.url} does not match its schema: ${named}${more}`
}

function issuesFor (table: ResponseTable<SerializationInspector>, reply: InspectedReply, payload: unknown): ResponseIssue[] {
  const entry = selectEntry(table, reply.raw.statusCode)
  if (entry === null) return []
  const contentType = reply[kReplyHeaders]['content-type'] as string | undefined
  const inspect = pickForMediaType(entry, contentType)
  if (inspect === null) {
    const declared = Object.keys(entry.byMediaType!).join(', ')
    // The media type, without the parameters (`charset=utf-8`) the reply's header carries.
    const mediaType = contentType === undefined ? contentType : contentType.split(';')[0]!.trim()
    return [{
      path: '',
      kind: 'no-schema-for-media-type',
      message: `no response schema for the media type "${mediaType}" (declared: ${declared}): the payload is sent without one, undeclared properties included`
    }]
  }
  const issues = inspect(payload)
  return issues.length > issuesKept ? issues.slice(0, issuesKept) : issues
}

function createLoggingInspector (table: ResponseTable<SerializationInspector>): ResponseInspector {
  return function logResponseIssues (reply, payload) {
    const issues = issuesFor(table, reply, payload)
    if (issues.length === 0) return
    const route = reply[kReplyRoute]
    reply.log.warn({ issues }, summarize(issues, route, reply.raw.statusCode))
  }
}

function createThrowingInspector (table: ResponseTable<SerializationInspector>): ResponseInspector {
  return function rejectResponseIssues (reply, payload) {
    const issues = issuesFor(table, reply, payload)
    if (issues.length === 0) return
    const route = reply[kReplyRoute]
    const error = new errorCodes.ENC_ERR_RESPONSE_VALIDATION(summarize(issues, route, reply.raw.statusCode)) as Error & { issues?: ResponseIssue[] }
    error.issues = issues
    throw error
  }
}

/**
 * The `responseValidation` option, resolved for one route at ready(): an inspector per response
 * schema, mirroring the serializers, for routes serialized by the default compiler (the inspector
 * models fast-json-stringify; a custom compiler has its own rules). Null when the option is off,
 * so the request path pays one null check.
 */
export function compileResponseInspector (route: RouteContext): ResponseInspector | null {
  const mode = route.server.options.responseValidation
  if (mode !== 'log' && mode !== 'throw') return null
  if (route.schema?.response === undefined || route.schema.response === null) return null
  if (!isUsingDefaultSerializer(route)) return null
  const externals = route.context.schemas.all()
  const rounding = (route.server.options.serializerOpts as { rounding?: 'floor' | 'ceil' | 'round' | 'trunc' } | undefined)?.rounding
  const table = buildResponseTable(route, function compileInspector (_httpStatus, schema) {
    return createSerializationInspector(schema, externals, { rounding })
  })
  if (table === null) return null
  return mode === 'log' ? createLoggingInspector(table) : createThrowingInspector(table)
}
