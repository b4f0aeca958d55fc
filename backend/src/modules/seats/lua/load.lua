-- Copies a session from the database: its start, its hall's plan and its sold seats. Versions continue
-- from the clock, so clients that watched the session before a reload never mistake new changes for old.
-- ARGV: 2 start (epoch ms), 3 keep until (epoch ms), 4 the plan as JSON
-- { seats = [[code, row, x, pair or '', '1' for a wheelchair space or ''], …], best = [row, x],
-- wheelchair_from = epoch ms or absent }, 5… sold seats.
if loaded() then return cjson.encode({ status = 'ok' }) end
local layout = cjson.decode(ARGV[4])
redis.call('DEL', plan, spots)
for _, s in ipairs(layout.seats) do
  redis.call('HSET', plan, s[1], s[2] .. ':' .. s[3] .. ':' .. s[4] .. ':' .. (s[5] or ''))
  redis.call('HSET', spots, s[2] .. ':' .. s[3], s[1])
end
redis.call('HSET', meta, 'start', ARGV[2], 'best_row', layout.best[1], 'best_x', layout.best[2])
if layout.wheelchair_from then
  redis.call('HSET', meta, 'wheelchair_from', layout.wheelchair_from)
else
  redis.call('HDEL', meta, 'wheelchair_from')
end
redis.call('HSETNX', meta, 'version', now_ms())
for i = 5, #ARGV do redis.call('SADD', sold, ARGV[i]) end
redis.call('PEXPIREAT', meta, ARGV[3])
if #layout.seats > 0 then
  redis.call('PEXPIREAT', plan, ARGV[3])
  redis.call('PEXPIREAT', spots, ARGV[3])
end
if #ARGV >= 5 then redis.call('PEXPIREAT', sold, ARGV[3]) end
return cjson.encode({ status = 'ok' })
