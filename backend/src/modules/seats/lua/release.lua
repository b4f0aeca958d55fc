-- Gives back one seat of a viewer, or all of them. ARGV: 2 viewer, 3 seat ('' = every seat).
-- A sofa is given back whole: releasing one of its seats releases its partner too. Releasing a seat
-- one does not hold changes nothing.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer, seat = ARGV[2], ARGV[3]
local now = now_ms()
expire_due(now)
if seat == '' then
  drop_viewer(viewer)
elseif redis.call('HGET', holds, seat) == viewer then
  local _, _, pair = seat_info(seat)
  for _, s in ipairs({ seat, pair }) do
    if redis.call('HGET', holds, s) == viewer then
      redis.call('HDEL', holds, s)
      change(s, 'free')
    end
  end
  if #seats_of(viewer) == 0 then forget_deadline(viewer) end
end
return finish({ status = 'ok', deadline = deadline_of(viewer), now = now })
