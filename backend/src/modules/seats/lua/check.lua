-- Before a purchase: every seat must be a sellable seat of the hall's plan (else 'invalid': bad
-- input), held by the buyer and not past its deadline, and the session must not have started; the
-- buyer's holds left out of the purchase (to be freed) must not leave a single free seat between taken
-- ones, unless unavoidable (orphan, session.lua). ARGV: 2 viewer, 3… seats. Answers the first offending seat.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer = ARGV[2]
local now = now_ms()
expire_due(now)
for i = 3, #ARGV do
  if not seat_info(ARGV[i]) then return finish({ status = 'invalid', seat = ARGV[i] }) end
end
if tonumber(redis.call('HGET', meta, 'start')) <= now then return finish({ status = 'past' }) end
local buying = {}
for i = 3, #ARGV do
  local seat = ARGV[i]
  if redis.call('SISMEMBER', sold, seat) == 1 then return finish({ status = 'taken', seat = seat }) end
  local holder = redis.call('HGET', holds, seat)
  if holder and holder ~= viewer then return finish({ status = 'taken', seat = seat }) end
  if not holder then return finish({ status = 'expired', seat = seat }) end
  buying[seat] = true
end
local left_out = {}
for _, seat in ipairs(seats_of(viewer)) do
  if not buying[seat] then left_out[seat] = true end
end
local orphan = orphan_left_by(viewer, left_out, buying)
if orphan then return finish({ status = 'orphan', seat = orphan }) end
return finish({ status = 'ok', deadline = deadline_of(viewer), now = now })
