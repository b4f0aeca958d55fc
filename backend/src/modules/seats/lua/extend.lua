-- A viewer's holds last longer, once per hold (WCAG 2.2.1: warned before the end, they may ask for
-- more time): the deadline moves by the extension, in the index the sweeper reads too, and the
-- holder's sockets hear it (a delta with no seat changes). ARGV: 2 viewer, 3 extension (ms).
-- Refused: no holds ('expired'), already extended in this hold ('extended'), the session started ('past').
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
local viewer, extension = ARGV[2], tonumber(ARGV[3])
local now = now_ms()
expire_due(now)
if tonumber(redis.call('HGET', meta, 'start')) <= now then return finish({ status = 'past' }) end
local deadline = deadline_of(viewer)
if not deadline then return finish({ status = 'expired' }) end
if redis.call('HEXISTS', extended, viewer) == 1 then return finish({ status = 'extended' }) end
deadline = deadline + extension
redis.call('HSET', extended, viewer, 1)
redis.call('ZADD', deadlines, deadline, viewer)
redis.call('ZADD', expiry, deadline, session .. ':' .. viewer)
-- The flag lives as long as the session's record.
local keep_until = redis.call('PEXPIRETIME', meta)
if keep_until > 0 then redis.call('PEXPIREAT', extended, keep_until) end
return finish({ status = 'ok', deadline = deadline, now = now }, viewer, true)
