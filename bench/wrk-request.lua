-- The wrk side of bench/load.js: the scenario's request (method, headers and body from the
-- environment), sent PIPELINE times back to back per batch, and a one-line JSON summary at the end.
local depth = tonumber(os.getenv("PIPELINE") or "1")

init = function(args)
  wrk.method = os.getenv("METHOD") or "GET"
  local body = os.getenv("BODY")
  if body ~= nil and body ~= "" then wrk.body = body end
  for line in string.gmatch(os.getenv("HEADERS") or "", "[^\n]+") do
    local name, value = string.match(line, "^([^:]+):%s*(.*)$")
    if name ~= nil then wrk.headers[name] = value end
  end
  local batch = {}
  for i = 1, depth do batch[i] = wrk.format() end
  pipelined = table.concat(batch)
end

request = function()
  return pipelined
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'WRK-RESULT {"requests":%d,"micros":%d,"p50":%d,"p99":%d,"non2xx":%d,"errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.status, errors.connect + errors.read + errors.write, errors.timeout))
end
