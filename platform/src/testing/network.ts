import { connect, createServer, type AddressInfo, type Server } from 'node:net';

/** A port nothing listens on now (connections to it are refused until something does). */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

/**
 * A server arriving late: a TCP relay on `port` (one `freePort` gave out) to the server at
 * `target` (a redis:// or mongodb:// URL; `defaultPort` when it names none).
 */
export const tcpRelay = (port: number, target: URL, defaultPort?: number): Promise<Server> =>
  new Promise((done) => {
    const server = createServer((socket) => {
      const upstream = connect(Number(target.port || defaultPort), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    server.listen(port, '127.0.0.1', () => done(server));
  });
