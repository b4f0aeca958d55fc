-- Gives back one seat of a viewer, or all of them. ARGV: 2 viewer, 3 seat ('' = every seat).
-- A sofa is given back whole: releasing one of its seats releases its partner too. Releasing a seat
-- one does not hold changes nothing. A seat whose release would leave it alone between taken seats
-- while the viewer keeps one beside it is refused (orphan, session.lua); giving back every seat never is.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer, seat = ARGV[2], ARGV[3]
local now = now_ms()
expire_due(now)
if seat == '' then
  drop_viewer(viewer)
elseif redis.call('HGET', holds, seat) == viewer then
  local _, _, pair = seat_info(seat)
  local freed, kept = { [seat] = true }, {}
  if pair then freed[pair] = true end
  for _, s in ipairs(seats_of(viewer)) do
    if not freed[s] then kept[s] = true end
  end
  local orphan = orphan_left_by(viewer, freed, kept)
  if orphan then return finish({ status = 'orphan', seat = orphan }) end
  for _, s in ipairs({ seat, pair }) do
    if redis.call('HGET', holds, s) == viewer then
      redis.call('HDEL', holds, s)
      change(s, 'free')
    end
  end
  if #seats_of(viewer) == 0 then forget_deadline(viewer) end
end
return finish({ status = 'ok', deadline = deadline_of(viewer), now = now })
