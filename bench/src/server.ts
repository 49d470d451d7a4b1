import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** Starts the embedded product as its own process (the load generator must not share its event loop). */
export const startServer = async (
  dataDir: string,
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> => {
  const child: ChildProcess = spawn(
    process.execPath,
    [resolve(__dirname, '../../embedded/dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Le serveur ne répond pas.');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
};
