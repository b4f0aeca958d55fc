-- Shared by every per-session seat script (prepended to each, after clock.lua).
-- KEYS: 1 meta (hash: start = session start in epoch ms, version), 2 sold (set of seat codes),
--       3 holds (hash: seat -> viewer id), 4 deadlines (zset: viewer -> epoch ms when their holds end),
--       5 expiry (zset across sessions: '<session>:<viewer>' -> deadline, read by the sweeper),
--       6 the feed: the pub/sub channel every change is published on (a channel, not a key; named
--         here so that the scripts know no prefix),
--       7 plan (hash: seat -> 'row:x:pair:w', the hall's sellable seats; x is the column on the drawing,
--         pair the other seat of a sofa or '', w '1' for a wheelchair space), 8 spots (hash: 'row:x' ->
--         seat), both copied with the session (load.lua); meta also keeps best_row and best_x, where the
--         best view is, and wheelchair_from when the hall holds its wheelchair spaces back from general
--         sale until then (epoch ms),
--       9 extended (hash: viewer -> 1 once they extended their holds; gone with their deadline).
-- ARGV: 1 session id, then the script's own arguments.
-- Every script answers JSON: { status, version, changes = [{ seat, state }], ... }.
local meta, sold, holds, deadlines, expiry, feed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local plan, spots, extended = KEYS[7], KEYS[8], KEYS[9]
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
  redis.call('HDEL', extended, viewer)
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

-- A plan entry 'row:x:pair:w' (an entry loaded before wheelchair flags, 'row:x:pair', reads w = '').
local function parse_spot(v)
  local row, x, pair, w = string.match(v, '^(%d+):(%d+):([^:]*):?(.*)$')
  return tonumber(row), tonumber(x), pair, w == '1'
end

-- A seat of the plan: its row, its column, its sofa partner (nil) and whether it is a wheelchair
-- space, or nil for no sellable seat.
local function seat_info(seat)
  local v = redis.call('HGET', plan, seat)
  if not v then return nil end
  local row, x, pair, wheelchair = parse_spot(v)
  if pair == '' then pair = nil end
  return row, x, pair, wheelchair
end

-- A wheelchair space is held back from general sale until the hall's window before the start opens.
local function held_back(wheelchair, now)
  if not wheelchair then return false end
  local from = redis.call('HGET', meta, 'wheelchair_from')
  return from ~= false and now < tonumber(from)
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

-- The same rule when a viewer gives seats back (a release, or the holds a purchase leaves out):
-- `freed` (a set: seat -> true, the viewer's seats given back) must not leave one of them alone
-- between taken seats, unless every choice of the seats the viewer keeps (`kept`: the holds that stay,
-- or the seats bought) in that free stretch would leave one (the stretch one seat longer than them).
-- A seat alone between others' seats only is allowed so (the stretch is that one seat): it was
-- one before the viewer took it. Answers the first such seat, or nil.
local function orphan_left_by(viewer, freed, kept)
  local function taken_after(s)
    return not freed[s] and is_taken(s, {})
  end
  -- The viewer's to choose from: free, or held by them.
  local function open_to_viewer(s)
    if redis.call('SISMEMBER', sold, s) == 1 then return false end
    local holder = redis.call('HGET', holds, s)
    return not holder or holder == viewer
  end
  for seat in pairs(freed) do
    local row, x = seat_info(seat)
    local left, right = row and seat_at(row, x - 1), row and seat_at(row, x + 1)
    if left and right and taken_after(left) and taken_after(right) then
      local first, last, keeping = x, x, 0
      while true do
        local s = seat_at(row, first - 1)
        if not s or not open_to_viewer(s) then break end
        first = first - 1
      end
      while true do
        local s = seat_at(row, last + 1)
        if not s or not open_to_viewer(s) then break end
        last = last + 1
      end
      for c = first, last do
        if kept[seat_at(row, c)] then keeping = keeping + 1 end
      end
      if last - first + 1 ~= keeping + 1 then return seat end
    end
  end
  return nil
end

local function deadline_of(viewer)
  local d = redis.call('ZSCORE', deadlines, viewer)
  if d then return tonumber(d) end
  return nil
end

-- Changes get one new version and are published in the same atomic step: Redis runs one script
-- at a time and delivers messages in the order they were published, so every API process hears
-- a session's changes in version order, whichever process or route made them. `holder` (a hold's
-- viewer) hears their new seat as 'mine', with their deadline. `always`: published even without
-- seat changes (an extension: the holder's sockets hear the new deadline).
local function finish(result, holder, always)
  if #changes > 0 or always then
    result.version = redis.call('HINCRBY', meta, 'version', 1)
    result.changes = changes
    local message = cjson.encode({
      sessionId = tonumber(session),
      version = result.version,
      changes = changes,
      holder = holder and tonumber(holder),
      deadline = holder and result.deadline,
    })
    -- cjson writes an empty table as {}: a delta's changes are a list.
    if #changes == 0 then message = string.gsub(message, '"changes":{}', '"changes":[]') end
    redis.call('PUBLISH', feed, message)
  else
    result.version = tonumber(redis.call('HGET', meta, 'version') or '0')
  end
  return cjson.encode(result)
end
