-- Before a purchase: every seat must be held by the buyer and not past its deadline, and the
-- session must not have started. ARGV: 2 viewer, 3… seats. Answers the first offending seat.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer = ARGV[2]
local now = now_ms()
expire_due(now)
if tonumber(redis.call('HGET', meta, 'start')) <= now then return finish({ status = 'past' }) end
for i = 3, #ARGV do
  local seat = ARGV[i]
  if redis.call('SISMEMBER', sold, seat) == 1 then return finish({ status = 'taken', seat = seat }) end
  local holder = redis.call('HGET', holds, seat)
  if holder and holder ~= viewer then return finish({ status = 'taken', seat = seat }) end
  if not holder then return finish({ status = 'expired', seat = seat }) end
end
return finish({ status = 'ok', deadline = deadline_of(viewer), now = now })
