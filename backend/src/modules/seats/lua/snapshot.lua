-- The hall as one viewer sees it. ARGV: 2 viewer ('' for a guest).
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer = ARGV[2]
local now = now_ms()
expire_due(now)
local held, mine = {}, {}
local all = redis.call('HGETALL', holds)
for i = 1, #all, 2 do
  if all[i + 1] == viewer then mine[#mine + 1] = all[i] else held[#held + 1] = all[i] end
end
return finish({
  status = 'ok',
  sold = redis.call('SMEMBERS', sold),
  held = held,
  mine = mine,
  deadline = deadline_of(viewer),
  extended = redis.call('HEXISTS', extended, viewer) == 1,
  now = now,
})
