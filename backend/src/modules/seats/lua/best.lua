-- 'Лучшие места': holds `count` adjacent free seats nearest the hall's best point, in one step.
-- ARGV: 2 viewer, 3 count, 4 hold ttl (ms), 5 max holds. A group never splits a sofa and never leaves a
-- single free seat between taken ones (unless unavoidable) and takes no wheelchair space held back from
-- general sale; the nearest by row, then by column, wins.
-- Answers the seats held ('none' when no group fits).
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer, count = ARGV[2], tonumber(ARGV[3])
local ttl, max_holds = tonumber(ARGV[4]), tonumber(ARGV[5])
local now = now_ms()
expire_due(now)
if tonumber(redis.call('HGET', meta, 'start')) <= now then return finish({ status = 'past' }) end
if #seats_of(viewer) + count > max_holds then return finish({ status = 'limit' }) end

local best_row, best_x = tonumber(redis.call('HGET', meta, 'best_row')), tonumber(redis.call('HGET', meta, 'best_x'))

-- Every seat by row, in column order.
local rows = {}
local all = redis.call('HGETALL', plan)
for i = 1, #all, 2 do
  local r, x, pair, wheelchair = parse_spot(all[i + 1])
  rows[r] = rows[r] or {}
  table.insert(rows[r], { seat = all[i], x = x, pair = pair, closed = held_back(wheelchair, now) })
end

local chosen, chosen_score = nil, nil
for r, seats in pairs(rows) do
  table.sort(seats, function(a, b) return a.x < b.x end)
  for i = 1, #seats - count + 1 do
    local first, last = seats[i], seats[i + count - 1]
    if last.x - first.x == count - 1 then
      local group, ok = {}, true
      for j = i, i + count - 1 do
        local s = seats[j]
        if s.closed or is_taken(s.seat, {}) then ok = false break end
        group[s.seat] = true
      end
      if ok then
        for j = i, i + count - 1 do
          local p = seats[j].pair
          if p ~= '' and not group[p] then ok = false break end
        end
      end
      if ok then
        local centre = (first.x + last.x) / 2
        local score = math.abs(r - best_row) * 1000 + math.abs(centre - best_x) * 2
        if (not chosen_score or score < chosen_score) and not leaves_orphan(group, r, first.x, last.x) then
          chosen, chosen_score = group, score
        end
      end
    end
  end
end
if not chosen then return finish({ status = 'none' }) end

local taken = {}
for s in pairs(chosen) do
  redis.call('HSET', holds, s, viewer)
  change(s, 'held')
  taken[#taken + 1] = s
end
table.sort(taken)
local deadline = deadline_of(viewer)
if not deadline then
  deadline = now + ttl
  redis.call('ZADD', deadlines, deadline, viewer)
  redis.call('ZADD', expiry, deadline, session .. ':' .. viewer)
end
return finish({ status = 'ok', seats = taken, deadline = deadline, now = now }, viewer)
