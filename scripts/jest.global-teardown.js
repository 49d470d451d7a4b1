// Stops what the global setup started.
module.exports = async () => {
  for (const container of globalThis.__CONTAINERS__ ?? []) await container.stop();
  const child = globalThis.__FERRETDB__;
  if (!child || child.exitCode !== null) return;
  await new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
};
