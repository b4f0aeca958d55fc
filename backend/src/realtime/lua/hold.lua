-- Takes a seat for a viewer. ARGV: 2 viewer, 3 seat, 4 hold ttl (ms), 5 max holds, 6 rows, 7 places.
-- Rules, in order: the seat exists in the hall, the session has not started, the seat is neither
-- sold nor held by someone else, the viewer holds fewer than the maximum in this session.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer, seat = ARGV[2], ARGV[3]
local ttl, max_holds, rows, places = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local now = now_ms()
expire_due(now)

local row, place = string.match(seat, '^r(%d+)m(%d+)$')
row, place = tonumber(row), tonumber(place)
if not row or row < 1 or row > rows or place < 1 or place > places or seat ~= 'r' .. row .. 'm' .. place then
  return finish({ status = 'invalid' })
end
if tonumber(redis.call('HGET', meta, 'start')) <= now then return finish({ status = 'past' }) end
if redis.call('SISMEMBER', sold, seat) == 1 then return finish({ status = 'taken' }) end

local holder = redis.call('HGET', holds, seat)
if holder == viewer then return finish({ status = 'ok', deadline = deadline_of(viewer), now = now }) end
if holder then return finish({ status = 'taken' }) end

local count = #seats_of(viewer)
if count >= max_holds then return finish({ status = 'limit' }) end

redis.call('HSET', holds, seat, viewer)
local deadline = deadline_of(viewer)
if not deadline then
  -- The first seat starts the viewer's clock for this session.
  deadline = now + ttl
  redis.call('ZADD', deadlines, deadline, viewer)
  redis.call('ZADD', expiry, deadline, session .. ':' .. viewer)
end
change(seat, 'held')
return finish({ status = 'ok', deadline = deadline, now = now }, viewer)
