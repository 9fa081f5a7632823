/** printContexts(): the tree of encapsulation contexts, each with its own hooks, decorators, parsers and handlers. */
import type { ContextState } from './context-state.js'
import { requestHookNames, applicationHookNames } from '../lifecycle/hooks.js'
import type { AnyFunction } from '../types/internal.js'

function nameOf (fn: AnyFunction | null | undefined): string {
  return typeof fn?.name === 'string' && fn.name !== '' ? fn.name : 'anonymous'
}

function hookSummary (context: ContextState): string | null {
  const parts: string[] = []
  for (const name of [...requestHookNames, ...applicationHookNames]) {
    const hooks = context.hooks[name]
    if (hooks.length > 0) parts.push(`${name}(${hooks.map((hook) => nameOf(hook.fn)).join(', ')})`)
  }
  return parts.length === 0 ? null : parts.join(', ')
}

function handlerSummary (context: ContextState): string | null {
  const parts: string[] = []
  if (context.errorHandler !== null) parts.push(`errorHandler(${nameOf(context.errorHandler)})`)
  if (context.notFoundHandler !== null) parts.push(`notFoundHandler(${nameOf(context.notFoundHandler.handler)})`)
  if (context.validatorCompiler !== null) parts.push(`validatorCompiler(${nameOf(context.validatorCompiler)})`)
  if (context.serializerCompiler !== null) parts.push(`serializerCompiler(${nameOf(context.serializerCompiler)})`)
  if (context.schemaErrorFormatter !== null) parts.push(`schemaErrorFormatter(${nameOf(context.schemaErrorFormatter)})`)
  if (context.replySerializer !== null) parts.push(`replySerializer(${nameOf(context.replySerializer)})`)
  return parts.length === 0 ? null : parts.join(', ')
}

function ownSchemaIds (context: ContextState): string[] {
  const visible = Object.keys(context.schemas.all())
  if (context.parent === null) return visible
  const inherited = context.parent.schemas.all()
  return visible.filter((id) => !(id in inherited))
}

/** What this context adds itself, one `label: values` line each; empty lists are left out. */
function describe (context: ContextState): string[] {
  const lines: Array<[string, string | null]> = [
    ['wrapped plugins', context.pluginNames.slice(1).join(', ')],
    ['decorate', context.ownDecorators.instance.map(String).join(', ')],
    ['decorateRequest', context.ownDecorators.request.map(String).join(', ')],
    ['decorateReply', context.ownDecorators.reply.map(String).join(', ')],
    ['hooks', hookSummary(context)],
    ['schemas', ownSchemaIds(context).join(', ')],
    ['parsers', context.ownParsers.join(', ')],
    ['handlers', handlerSummary(context)],
    ['routes', context.routes.filter((route) => !route.isAutoHead).map((route) => `${route.method} ${route.url}`).join(', ')]
  ]
  return lines.filter(([, value]) => value !== null && value !== '').map(([label, value]) => `${label}: ${value}`)
}

function labelOf (context: ContextState): string {
  if (context.parent === null) return 'root'
  const notes: string[] = []
  if (context.prefix !== context.parent.prefix) notes.push(`prefix ${context.prefix}`)
  if (context.logLevel !== context.parent.logLevel && context.logLevel !== undefined) notes.push(`logLevel ${context.logLevel}`)
  // An anonymous plugin is named by its source; its first line is enough to recognise it.
  const name = context.pluginName.split(' -- ')[0]!
  return notes.length === 0 ? name : `${name} (${notes.join(', ')})`
}

/**
 * The encapsulation tree: each context with what it adds itself (wrapped plugins, decorators,
 * hooks, schemas, parsers, handlers, routes). A route sees its own context and every ancestor
 * above it, nothing beside or below.
 */
export function printContexts (root: ContextState): string {
  const lines: string[] = []
  function walk (context: ContextState, branch: string, childIndent: string): void {
    lines.push(branch + labelOf(context))
    const detailIndent = childIndent + (context.children.length > 0 ? '│ ' : '  ')
    for (const detail of describe(context)) lines.push(detailIndent + detail)
    context.children.forEach(function walkChild (child, index) {
      const last = index === context.children.length - 1
      walk(child, childIndent + (last ? '└── ' : '├── '), childIndent + (last ? '    ' : '│   '))
    })
  }
  walk(root, '', '')
  return lines.join('\n') + '\n'
}
