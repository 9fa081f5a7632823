/** Fastify 4's router rule for a parameter longer than maxParamLength: the lookup stops there, a 404, whatever routes are left to try. */
import type Router from 'find-my-way'

type V1Router = Router.Instance<Router.HTTPVersion.V1>
type Find = V1Router['find']

/** What this walk reads of find-my-way's route tree (its nodes, as find() walks them). */
interface TreeNode {
  kind: number
  prefix: string
  isLeafNode: boolean
  isRegex: boolean
  regex: RegExp | null
  parametricChildren: TreeNode[]
  wildcardChild: TreeNode | null
  handlerStorage: { getMatchingHandler: (constraints: unknown) => unknown } | null
  findStaticMatchingChild: (path: string, index: number) => TreeNode | null
}

/** The router settings that shape the path it walks. */
interface RouterSettings {
  trees: Record<string, TreeNode | undefined>
  caseSensitive: boolean
  ignoreTrailingSlash: boolean
  ignoreDuplicateSlashes: boolean
  useSemicolonDelimiter: boolean
  maxParamLength: number
}

const STATIC = 0
const WILDCARD = 2

/**
 * Fastify 4.29's router (find-my-way 8) gives up the whole lookup at the first parameter it reads
 * that is longer than `maxParamLength`: `/:id` and `/*` with a 101-character id is a 404. Fastify
 * 5's (find-my-way 9, the one Enclave runs) goes on to the routes left, and `/*` answers. With
 * `paramTooLongStatus: 404` (the Fastify 4 face's default) the router's `find()` is wrapped to keep
 * 4.29's rule: a path no longer than the limit cannot hold such a parameter (one comparison, for
 * nearly every request); a longer one that found a route is walked again as 4.29 walks it, and is
 * not found if that walk reads an over-long parameter before it reaches a route.
 */
export function stopAtLongParameters (router: V1Router): void {
  const find: Find = router.find
  const settings = router as unknown as RouterSettings
  // The router's own, which replaces 0 with its default as find-my-way 8 does.
  const maxParamLength = settings.maxParamLength
  router.find = function findAsFastify4 (method, path, constraints) {
    const found = find.call(router, method, path, constraints)
    // A null store is find-my-way's own onMaxParamLength answer: already not a route.
    if (found === null || path.length <= maxParamLength || found.store === null) return found
    return readsLongParameterFirst(settings, method, path, constraints, maxParamLength) ? null : found
  } as Find
}

/** One route still to try, as find-my-way keeps them: the node and where in the path it starts. */
interface Untried {
  node: TreeNode
  index: number
}

/** The walk of find-my-way 8's find(): true when it reads a parameter over the limit before it reaches a route. */
function readsLongParameterFirst (router: RouterSettings, method: string, url: string, constraints: unknown, maxParamLength: number): boolean {
  const root = router.trees[method]
  // An absolute-form target is left to the route find-my-way 9 found.
  if (root === undefined || url.charCodeAt(0) !== 47) return false
  const target = pathOf(router, url)
  if (target === null) return false
  const { path, original, decodeParams } = target
  const untried: Untried[] = []
  let node = root
  let index = node.prefix.length
  for (;;) {
    if (index === path.length && node.isLeafNode && node.handlerStorage!.getMatchingHandler(constraints) !== null) return false
    let next = nextNode(node, path, index, untried)
    if (next === null) {
      const brother = untried.pop()
      if (brother === undefined) return false
      next = brother.node
      index = brother.index
    }
    node = next
    if (node.kind === STATIC) {
      index += node.prefix.length
      continue
    }
    if (node.kind === WILDCARD) {
      index = path.length
      continue
    }
    let end = original.indexOf('/', index)
    if (end === -1) end = path.length
    const value = decodeParams ? decodedParameter(original.slice(index, end)) : original.slice(index, end)
    if (node.isRegex) {
      const captures = node.regex!.exec(value)
      // As find-my-way 8: a segment the pattern refuses leaves the walk on this node, where it started.
      if (captures === null) continue
      for (let i = 1; i < captures.length; i++) {
        if ((captures[i] ?? '').length > maxParamLength) return true
      }
    } else if (value.length > maxParamLength) {
      return true
    }
    index = end
  }
}

/** A static child first, else the first parametric one, else the wildcard; the others are kept to try after. */
function nextNode (node: TreeNode, path: string, index: number, untried: Untried[]): TreeNode | null {
  let next = node.findStaticMatchingChild(path, index)
  let firstParametric = 0
  if (next === null) {
    if (node.parametricChildren.length === 0) return node.wildcardChild
    next = node.parametricChildren[0]!
    firstParametric = 1
  }
  if (node.wildcardChild !== null) untried.push({ node: node.wildcardChild, index })
  for (let i = node.parametricChildren.length - 1; i >= firstParametric; i--) untried.push({ node: node.parametricChildren[i]!, index })
  return next
}

interface Target {
  /** The path the static parts are matched against (lower-cased when routes are not case-sensitive). */
  path: string
  /** The same path as sent, which parameters are read from. */
  original: string
  /** Parameters hold escapes the path's decoding keeps (`%2F`, `%3F` …): they are decoded one by one. */
  decodeParams: boolean
}

/** Escapes decodeURI() keeps and a parameter's decoding resolves. */
const RESERVED_ESCAPE = /%(?:2[3456bBcCfF]|3[abAB]|3[dDfF]|40)/

/** The request's path as find-my-way reads it: no query, decoded but for the escapes a parameter decodes, the router's settings applied. */
function pathOf (router: RouterSettings, url: string): Target | null {
  let end = url.length
  for (let i = 1; i < url.length; i++) {
    const code = url.charCodeAt(i)
    if (code === 63 || code === 35 || (code === 59 && router.useSemicolonDelimiter)) {
      end = i
      break
    }
  }
  let path = url.slice(0, end)
  let decodeParams = false
  if (path.includes('%')) {
    decodeParams = RESERVED_ESCAPE.test(path)
    try {
      // `%25` stays an escape, as in find-my-way: a decoded `%` would start another one.
      path = decodeURI(path.replaceAll('%25', '%2525'))
    } catch {
      return null
    }
  }
  if (router.ignoreDuplicateSlashes) path = path.replace(/\/{2,}/g, '/')
  if (router.ignoreTrailingSlash && path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1)
  return { path: router.caseSensitive ? path : path.toLowerCase(), original: path, decodeParams }
}

function decodedParameter (value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
