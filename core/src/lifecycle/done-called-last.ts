/** Whether a callback-style hook calls `done` only as the last thing it does, read once from its source at ready(). */
import { createRequire } from 'node:module'
import type { parse } from 'acorn'

/*
 * Why: Fastify's `done` runs the rest of the chain (and the handler) inside the call, so a hook's
 * code after `done()` runs after them. When `done` is provably the hook's last action, returning
 * to a loop and continuing there is indistinguishable from that, and a loop lets V8 inline the hooks
 * (see compile-chain.ts). Anything this check cannot prove (a `done` kept for later, code after it,
 * a `finally`, `arguments`, source it cannot parse) answers false and keeps Fastify's nesting.
 */

interface Node {
  readonly type: string
  readonly [key: string]: unknown
}

/** Where a statement or expression stands: `tail` when nothing of the hook runs after it. */
interface Position {
  readonly tail: boolean
  /** Inside a nested function: `done` there may be called at any time. */
  readonly nested: boolean
  /** Inside a try block or catch clause whose `finally` runs after a return. */
  readonly beforeFinally: boolean
}

let parseModule: typeof parse | null = null

/**
 * acorn is loaded by the first callback-style hook read: an app with none never reads it. A literal
 * `createRequire(import.meta.url)` call is what @enclave/worker-build's bundler plugin bundles.
 */
function loadParse (): typeof parse {
  if (parseModule === null) parseModule = (createRequire(import.meta.url)('acorn') as { parse: typeof parse }).parse
  return parseModule
}

/** Answers per function, by the position of `done` (a hook's source is read once). */
const known = new WeakMap<object, Array<boolean | undefined>>()

/** True when every mention of the parameter at `doneIndex` is a call of it in tail position. */
export function callsDoneLast (fn: (...args: never[]) => unknown, doneIndex: number): boolean {
  const answers = known.get(fn) ?? []
  let answer = answers[doneIndex]
  if (answer === undefined) {
    answer = analyse(fn, doneIndex)
    answers[doneIndex] = answer
    known.set(fn, answers)
  }
  return answer
}

function analyse (fn: (...args: never[]) => unknown, doneIndex: number): boolean {
  const fnNode = parseFunction(Function.prototype.toString.call(fn))
  if (fnNode === null || fnNode.async === true || fnNode.generator === true) return false
  const params = fnNode.params as Node[]
  // Defaults and patterns are code that could read `done` too; only plain names are proven safe.
  if (!params.every((param) => param.type === 'Identifier')) return false
  const done = params[doneIndex]
  if (done === undefined) return false
  const check = new DoneCheck(done.name as string)
  const body = fnNode.body as Node
  const top: Position = { tail: true, nested: false, beforeFinally: false }
  if (body.type === 'BlockStatement') check.statements(body.body as Node[], top)
  else check.expression(body, top)
  return check.safe
}

/** The function expression of a function's source text; methods (`name (…) {}`) parse inside an object. */
function parseFunction (source: string): Node | null {
  const parse = loadParse()
  for (const [before, after] of [['(', ')'], ['({', '})']]) {
    let program: Node
    try {
      program = parse(before + source + after, { ecmaVersion: 'latest', sourceType: 'script' }) as unknown as Node
    } catch {
      continue
    }
    const statement = (program.body as Node[])[0]
    if (statement?.type !== 'ExpressionStatement') continue
    let expression = statement.expression as Node
    if (expression.type === 'ObjectExpression') {
      const properties = expression.properties as Node[]
      if (properties.length !== 1 || properties[0]!.type !== 'Property') continue
      expression = properties[0]!.value as Node
    }
    if (expression.type === 'FunctionExpression' || expression.type === 'ArrowFunctionExpression') return expression
  }
  return null
}

class DoneCheck {
  safe = true
  constructor (private readonly done: string) {}

  statements (list: Node[], position: Position): void {
    list.forEach((statement, index) => {
      this.statement(statement, index === list.length - 1 ? position : notTail(position))
    })
  }

  statement (node: Node, position: Position): void {
    if (!this.safe) return
    switch (node.type) {
      case 'ExpressionStatement':
        this.expression(node.expression as Node, position)
        return
      case 'ReturnStatement':
        // A return leaves the hook wherever it stands, unless a `finally` still runs after it.
        if (node.argument !== null) this.expression(node.argument as Node, { tail: !position.beforeFinally, nested: position.nested, beforeFinally: position.beforeFinally })
        return
      case 'BlockStatement':
        this.statements(node.body as Node[], position)
        return
      case 'IfStatement':
        this.expression(node.test as Node, notTail(position))
        this.statement(node.consequent as Node, position)
        if (node.alternate !== null) this.statement(node.alternate as Node, position)
        return
      case 'TryStatement': {
        const hasFinally = node.finalizer !== null
        const inner: Position = hasFinally ? { tail: false, nested: position.nested, beforeFinally: true } : position
        this.statement(node.block as Node, inner)
        const handler = node.handler as Node | null
        if (handler !== null) {
          if (handler.param !== null) this.any(handler.param as Node, notTail(position))
          this.statement(handler.body as Node, inner)
        }
        if (hasFinally) this.statement(node.finalizer as Node, position)
        return
      }
      case 'LabeledStatement':
        this.statement(node.body as Node, position)
        return
      case 'WithStatement':
        this.safe = false
        return
      default:
        this.any(node, notTail(position))
    }
  }

  expression (node: Node, position: Position): void {
    if (!this.safe) return
    switch (node.type) {
      case 'CallExpression': {
        const callee = node.callee as Node
        if (callee.type === 'Identifier' && callee.name === this.done && node.optional !== true) {
          if (!position.tail || position.nested) this.safe = false
          for (const argument of node.arguments as Node[]) this.any(argument, notTail(position))
          return
        }
        this.any(node, notTail(position))
        return
      }
      case 'ConditionalExpression':
        this.expression(node.test as Node, notTail(position))
        this.expression(node.consequent as Node, position)
        this.expression(node.alternate as Node, position)
        return
      case 'LogicalExpression':
        this.expression(node.left as Node, notTail(position))
        this.expression(node.right as Node, position)
        return
      case 'SequenceExpression': {
        const expressions = node.expressions as Node[]
        expressions.forEach((expression, index) => {
          this.expression(expression, index === expressions.length - 1 ? position : notTail(position))
        })
        return
      }
      default:
        this.any(node, notTail(position))
    }
  }

  /** Any other node: every mention of `done` below it is unsafe, and so are `arguments` and `eval`. */
  any (node: Node, position: Position): void {
    if (!this.safe) return
    switch (node.type) {
      case 'Identifier':
        if (node.name === this.done || node.name === 'arguments' || node.name === 'eval') this.safe = false
        return
      case 'FunctionExpression':
      case 'FunctionDeclaration':
      case 'ArrowFunctionExpression': {
        const inside: Position = { tail: false, nested: true, beforeFinally: false }
        for (const param of node.params as Node[]) this.any(param, inside)
        const body = node.body as Node
        if (body.type === 'BlockStatement') this.statements(body.body as Node[], inside)
        else this.expression(body, inside)
        return
      }
      case 'MemberExpression':
        this.any(node.object as Node, position)
        if (node.computed === true) this.any(node.property as Node, position)
        return
      case 'Property':
      case 'PropertyDefinition':
      case 'MethodDefinition':
        if (node.computed === true) this.any(node.key as Node, position)
        if (node.value !== null && node.value !== undefined) this.any(node.value as Node, position)
        return
      case 'LabeledStatement':
      case 'BreakStatement':
      case 'ContinueStatement':
        if (node.body !== undefined) this.statement(node.body as Node, position)
        return
      case 'MetaProperty':
        return
    }
    if (isStatement(node)) {
      this.statement(node, position)
      return
    }
    for (const key in node) {
      if (key === 'type' || key === 'start' || key === 'end') continue
      const child = node[key]
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) this.any(item, position)
      } else if (isNode(child)) {
        this.any(child, position)
      }
    }
  }
}

function notTail (position: Position): Position {
  return position.tail ? { tail: false, nested: position.nested, beforeFinally: position.beforeFinally } : position
}

function isNode (value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

/** Statements whose own rules matter (a return inside a loop still ends the hook). */
function isStatement (node: Node): boolean {
  switch (node.type) {
    case 'ReturnStatement':
    case 'BlockStatement':
    case 'IfStatement':
    case 'TryStatement':
    case 'WithStatement':
      return true
    default:
      return false
  }
}
