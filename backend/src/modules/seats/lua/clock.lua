-- Redis's clock, so that every API process agrees on deadlines. Every script's last argument is the
-- caller's "now" in epoch ms, or '' for Redis's own: only a context with an injected clock (a test's
-- ManualClock) pins it (lua-script.ts), so that expiry and extensions are tested without waiting.
local pinned_now = table.remove(ARGV)
local function now_ms()
  if pinned_now ~= '' then return tonumber(pinned_now) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
