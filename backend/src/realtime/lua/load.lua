-- Copies a session from the database: its start and its sold seats. Versions continue from the
-- clock, so clients that watched the session before a reload never mistake new changes for old.
-- ARGV: 2 start (epoch ms), 3 keep until (epoch ms), 4… sold seats.
if loaded() then return cjson.encode({ status = 'ok' }) end
redis.call('HSET', meta, 'start', ARGV[2])
redis.call('HSETNX', meta, 'version', now_ms())
for i = 4, #ARGV do redis.call('SADD', sold, ARGV[i]) end
redis.call('PEXPIREAT', meta, ARGV[3])
if #ARGV >= 4 then redis.call('PEXPIREAT', sold, ARGV[3]) end
return cjson.encode({ status = 'ok' })
