/** The request methods Node's HTTP/1 parser accepts, kept in core so routing needs no `node:http`. */

/**
 * Node's `http.METHODS`: what an HTTP/1 server can receive, so what a not-found prefix claims and
 * what addHttpMethod() accepts. core/test/http-tables.test.ts keeps it equal to the running Node's.
 */
export const parserMethods: readonly string[] = [
  'ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH',
  'MERGE', 'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST',
  'PROPFIND', 'PROPPATCH', 'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE',
  'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE'
]
