-- After a purchase commits: the seats are sold; their holds (the buyer's, or anyone's who took a
-- seat in the meantime) are dropped. ARGV: 2… seats.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local holders = {}
for i = 2, #ARGV do
  local seat = ARGV[i]
  local holder = redis.call('HGET', holds, seat)
  if holder then
    redis.call('HDEL', holds, seat)
    holders[holder] = true
  end
  if redis.call('SADD', sold, seat) == 1 or holder then change(seat, 'sold') end
end
-- The sold set lives as long as the session's record.
local keep_until = redis.call('PEXPIRETIME', meta)
if keep_until > 0 then redis.call('PEXPIREAT', sold, keep_until) end
for holder in pairs(holders) do
  if #seats_of(holder) == 0 then forget_deadline(holder) end
end
return finish({ status = 'ok' })
