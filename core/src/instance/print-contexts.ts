import type { ContextState } from './context-state.js'
import { requestHookNames, applicationHookNames } from '../lifecycle/hooks.js'

function describe (context: ContextState): string[] {
  const parts: string[] = []
  const hooks = [...requestHookNames, ...applicationHookNames]
    .filter((name) => context.hooks[name].length > 0)
    .map((name) => `${name}×${context.hooks[name].length}`)
  if (hooks.length > 0) parts.push(`hooks: ${hooks.join(', ')}`)
  const { instance, request, reply } = context.ownDecorators
  if (instance.length > 0) parts.push(`decorate: ${instance.join(', ')}`)
  if (request.length > 0) parts.push(`decorateRequest: ${request.join(', ')}`)
  if (reply.length > 0) parts.push(`decorateReply: ${reply.join(', ')}`)
  const schemas = Object.keys(context.schemas.all()).filter((id) => context.parent === null || context.parent.schemas.get(id) === undefined)
  if (schemas.length > 0) parts.push(`schemas: ${schemas.join(', ')}`)
  if (context.errorHandler !== null) parts.push('errorHandler')
  if (context.notFoundHandler !== null) parts.push('notFoundHandler')
  if (context.validatorCompiler !== null) parts.push('validatorCompiler')
  if (context.serializerCompiler !== null) parts.push('serializerCompiler')
  if (context.schemaErrorFormatter !== null) parts.push('schemaErrorFormatter')
  const routes = context.routes.filter((route) => route.method !== 'HEAD' || route.options.method === 'HEAD').map((route) => `${route.method} ${route.url}`)
  if (routes.length > 0) parts.push(`routes: ${routes.join(', ')}`)
  return parts
}

/**
 * The encapsulation tree: each context with what it adds itself (hooks, decorators, schemas,
 * handlers, routes). What a route sees is its own context plus every ancestor above it.
 */
export function printContexts (root: ContextState): string {
  const lines: string[] = []
  const walk = (context: ContextState, indent: string, last: boolean, isRoot: boolean): void => {
    const label = `${context.pluginName}${context.prefix === '' ? '' : ` (prefix ${context.prefix})`}`
    const branch = isRoot ? '' : last ? '└── ' : '├── '
    lines.push(indent + branch + label)
    const childIndent = isRoot ? '' : indent + (last ? '    ' : '│   ')
    for (const part of describe(context)) lines.push(childIndent + (context.children.length > 0 ? '│ ' : '  ') + '  ' + part)
    context.children.forEach((child, index) => walk(child, childIndent, index === context.children.length - 1, false))
  }
  walk(root, '', true, true)
  return lines.join('\n') + '\n'
}
