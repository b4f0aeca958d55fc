-- Takes a seat for a viewer (a sofa: both its seats). ARGV: 2 viewer, 3 seat, 4 hold ttl (ms), 5 max holds,
-- 6 '1' when the viewer sells at the till (may take a wheelchair space held back from general sale).
-- Rules, in order: the seat is a sellable seat of the hall's plan, the session has not started, a
-- wheelchair space is not held back (held_back), the seat (and its sofa partner) is neither sold nor
-- held by someone else, the viewer stays within the maximum, and no single free seat is left between
-- taken ones (unless unavoidable: session.lua).
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer, seat = ARGV[2], ARGV[3]
local ttl, max_holds, till = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6] == '1'
local now = now_ms()
expire_due(now)

local row, x, pair, wheelchair = seat_info(seat)
if not row then return finish({ status = 'invalid' }) end
if tonumber(redis.call('HGET', meta, 'start')) <= now then return finish({ status = 'past' }) end
if not till and held_back(wheelchair, now) then return finish({ status = 'held_back' }) end

local group, first_x, last_x = { [seat] = true }, x, x
if pair then
  local _, pair_x = seat_info(pair)
  group[pair] = true
  first_x, last_x = math.min(x, pair_x), math.max(x, pair_x)
end
local new = {}
for s in pairs(group) do
  if redis.call('SISMEMBER', sold, s) == 1 then return finish({ status = 'taken' }) end
  local holder = redis.call('HGET', holds, s)
  if holder and holder ~= viewer then return finish({ status = 'taken' }) end
  if not holder then new[#new + 1] = s end
end
if #new == 0 then return finish({ status = 'ok', deadline = deadline_of(viewer), now = now }) end

if #seats_of(viewer) + #new > max_holds then return finish({ status = 'limit' }) end
if leaves_orphan(group, row, first_x, last_x) then return finish({ status = 'orphan' }) end

for _, s in ipairs(new) do
  redis.call('HSET', holds, s, viewer)
  change(s, 'held')
end
local deadline = deadline_of(viewer)
if not deadline then
  -- The first seat starts the viewer's clock for this session.
  deadline = now + ttl
  redis.call('ZADD', deadlines, deadline, viewer)
  redis.call('ZADD', expiry, deadline, session .. ':' .. viewer)
end
return finish({ status = 'ok', deadline = deadline, now = now }, viewer)
