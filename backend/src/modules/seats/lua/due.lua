-- Members '<session>:<viewer>' of the expiry index whose deadline has passed.
-- KEYS: 1 expiry; ARGV: 1 how many at most.
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now_ms(), 'LIMIT', 0, tonumber(ARGV[1]))
