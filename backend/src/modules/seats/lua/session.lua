-- Shared by every per-session seat script (prepended to each, after clock.lua).
-- KEYS: 1 meta (hash: start = session start in epoch ms, version), 2 sold (set of seat codes),
--       3 holds (hash: seat -> viewer id), 4 deadlines (zset: viewer -> epoch ms when their holds end),
--       5 expiry (zset across sessions: '<session>:<viewer>' -> deadline, read by the sweeper),
--       6 the feed: the pub/sub channel every change is published on (a channel, not a key; named
--         here so that the scripts know no prefix),
--       7 plan (hash: seat -> 'row:x:pair', the hall's sellable seats; x is the column on the drawing,
--         pair the other seat of a sofa or ''), 8 spots (hash: 'row:x' -> seat), both copied with the
--         session (load.lua); meta also keeps best_row and best_x, where the best view is.
-- ARGV: 1 session id, then the script's own arguments.
-- Every script answers JSON: { status, version, changes = [{ seat, state }], ... }.
local meta, sold, holds, deadlines, expiry, feed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local plan, spots = KEYS[7], KEYS[8]
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

-- A seat of the plan: its row, its column and its sofa partner (nil), or nil for no sellable seat.
local function seat_info(seat)
  local v = redis.call('HGET', plan, seat)
  if not v then return nil end
  local row, x, pair = string.match(v, '^(%d+):(%d+):(.*)$')
  if pair == '' then pair = nil end
  return tonumber(row), tonumber(x), pair
end

-- The sellable seat at a row and column, or false (an aisle, the wall, a blocked seat).
local function seat_at(row, x)
  return redis.call('HGET', spots, row .. ':' .. x)
end

-- Sold or held by anyone, or in `extra` (seats being taken now).
local function is_taken(seat, extra)
  if extra[seat] then return true end
  if redis.call('SISMEMBER', sold, seat) == 1 then return true end
  return redis.call('HEXISTS', holds, seat) == 1
end

-- The free stretch of the row around a free seat: its first and last column.
local function free_run(row, x, extra)
  local first, last = x, x
  while true do
    local s = seat_at(row, first - 1)
    if not s or is_taken(s, extra) then break end
    first = first - 1
  end
  while true do
    local s = seat_at(row, last + 1)
    if not s or is_taken(s, extra) then break end
    last = last + 1
  end
  return first, last
end

-- seats.io's rule: taking `group` (a set: seat -> true, all in one row) must not leave a single free
-- seat between taken ones, unless every choice of that many seats in its free stretch would (a
-- stretch one seat longer than the group). Answers true when the group is refused.
local function leaves_orphan(group, row, first_x, last_x)
  local function orphan_at(x)
    local s = seat_at(row, x)
    if not s or is_taken(s, group) then return false end
    local left, right = seat_at(row, x - 1), seat_at(row, x + 1)
    return left and right and is_taken(left, group) and is_taken(right, group)
  end
  if not (orphan_at(first_x - 1) or orphan_at(last_x + 1)) then return false end
  local run_first, run_last = free_run(row, first_x, {})
  return (run_last - run_first + 1) ~= (last_x - first_x + 1) + 1
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
