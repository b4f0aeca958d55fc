-- After a refund or a cancellation commits: the seats are free again, or held for a viewer (a cashier's
-- counter order that was not paid: the seats go back to the cashier). ARGV: 2 that viewer or '', 3 hold
-- ttl (ms), 4… seats.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer, ttl = ARGV[2], tonumber(ARGV[3])
local now = now_ms()
local held = false
for i = 4, #ARGV do
  local seat = ARGV[i]
  if redis.call('SREM', sold, seat) == 1 then
    if viewer ~= '' and not redis.call('HGET', holds, seat) then
      redis.call('HSET', holds, seat, viewer)
      change(seat, 'held')
      held = true
    else
      change(seat, 'free')
    end
  end
end
if held and not deadline_of(viewer) then
  local deadline = now + ttl
  redis.call('ZADD', deadlines, deadline, viewer)
  redis.call('ZADD', expiry, deadline, session .. ':' .. viewer)
end
if held then return finish({ status = 'ok', deadline = deadline_of(viewer), now = now }, viewer) end
return finish({ status = 'ok' })
