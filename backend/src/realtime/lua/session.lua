-- Shared by every per-session seat script (prepended to each, after clock.lua).
-- KEYS: 1 meta (hash: start = session start in epoch ms, version), 2 sold (set of seat codes),
--       3 holds (hash: seat -> viewer id), 4 deadlines (zset: viewer -> epoch ms when their holds end),
--       5 expiry (zset across sessions: '<session>:<viewer>' -> deadline, read by the sweeper),
--       6 the feed: the pub/sub channel every change is published on (a channel, not a key; named
--         here so that the scripts know no prefix).
-- ARGV: 1 session id, then the script's own arguments.
-- Every script answers JSON: { status, version, changes = [{ seat, state }], ... }.
local meta, sold, holds, deadlines, expiry, feed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local session = ARGV[1]

local changes = {}
local function change(seat, state)
  changes[#changes + 1] = { seat = seat, state = state }
end

local function loaded()
  return redis.call('HEXISTS', meta, 'start') == 1
end

local function seats_of(viewer)
  local mine = {}
  local all = redis.call('HGETALL', holds)
  for i = 1, #all, 2 do
    if all[i + 1] == viewer then mine[#mine + 1] = all[i] end
  end
  return mine
end

local function forget_deadline(viewer)
  redis.call('ZREM', deadlines, viewer)
  redis.call('ZREM', expiry, session .. ':' .. viewer)
end

-- A viewer's holds in a session end together: free every one of them.
local function drop_viewer(viewer)
  for _, seat in ipairs(seats_of(viewer)) do
    redis.call('HDEL', holds, seat)
    change(seat, 'free')
  end
  forget_deadline(viewer)
end

-- Whoever touches a session first after a deadline releases those holds, so a hold is never
-- seen, refused or sold past its deadline even before the sweeper comes by.
local function expire_due(now)
  for _, viewer in ipairs(redis.call('ZRANGEBYSCORE', deadlines, '-inf', now)) do
    drop_viewer(viewer)
  end
end

local function deadline_of(viewer)
  local d = redis.call('ZSCORE', deadlines, viewer)
  if d then return tonumber(d) end
  return nil
end

-- Changes get one new version and are published in the same atomic step: Redis runs one script
-- at a time and delivers messages in the order they were published, so every API process hears
-- a session's changes in version order, whichever process or route made them. `holder` (a hold's
-- viewer) hears their new seat as 'mine', with their deadline.
local function finish(result, holder)
  if #changes > 0 then
    result.version = redis.call('HINCRBY', meta, 'version', 1)
    result.changes = changes
    redis.call('PUBLISH', feed, cjson.encode({
      sessionId = tonumber(session),
      version = result.version,
      changes = changes,
      holder = holder and tonumber(holder),
      deadline = holder and result.deadline,
    }))
  else
    result.version = tonumber(redis.call('HGET', meta, 'version') or '0')
  end
  return cjson.encode(result)
end
