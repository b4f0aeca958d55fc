-- After a refund or a cancellation commits: the seats are free again. ARGV: 2… seats.
if not loaded() then return cjson.encode({ status = 'unloaded' }) end
for i = 2, #ARGV do
  if redis.call('SREM', sold, ARGV[i]) == 1 then change(ARGV[i], 'free') end
end
return finish({ status = 'ok' })
