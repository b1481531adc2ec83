-- Load for `sudokit serve`: wrk posts the puzzles of a file, one a line,
-- in turn, to one route, and prints the latency percentiles and every
-- answer that was not a 200 (RELIABILITY.md holds the figures).
--
--   wrk -t2 -c64 -d30s -s scripts/serve-load.lua http://127.0.0.1:7373 -- /api/solve crates/fast/benches/samples/top95.txt

local puzzles = {}
local route = "/api/solve"

function init(args)
  route = args[1] or route
  for line in io.lines(args[2] or "crates/fast/benches/samples/top95.txt") do
    local puzzle = line:match("^(%S+)")
    if puzzle then table.insert(puzzles, puzzle) end
  end
end

local next_puzzle = 0

function request()
  next_puzzle = next_puzzle % #puzzles + 1
  local body = '{"puzzle":"' .. puzzles[next_puzzle] .. '"}'
  return wrk.format("POST", route, { ["Content-Type"] = "application/json" }, body)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "requests %d, p50 %.1f ms, p99 %.1f ms, max %.1f ms; not 200: %d, socket errors: %d\n",
    summary.requests, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, e.status, e.connect + e.read + e.write + e.timeout))
end
