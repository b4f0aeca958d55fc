-- The sweeper's call for a session with a due deadline. ARGV: 2… the due '<session>:<viewer>'
-- members it saw; any that is still due but has no holds left (keys lost) leaves the index too.
local now = now_ms()
expire_due(now)
for i = 2, #ARGV do
  local score = redis.call('ZSCORE', expiry, ARGV[i])
  if score and tonumber(score) <= now then redis.call('ZREM', expiry, ARGV[i]) end
end
return finish({ status = 'ok' })
