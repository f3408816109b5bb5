// Placeholder until the reference server lands: say so loudly instead of failing silently.
console.error('wsadmin: the reference server is not implemented yet (see issue "Reference server").');
process.exitCode = 1;
