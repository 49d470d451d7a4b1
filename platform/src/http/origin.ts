import type { AddressInfo } from 'node:net';

/**
 * The product's origin, for the absolute addresses the sign-in service answers (as Auth.js does):
 * PUBLIC_URL's origin when set, else the address this process listens on (its configured host and
 * port, a wildcard host read as `localhost`). Never a request's Host or X-Forwarded-Host header: a
 * client could otherwise choose where the product sends its users.
 */
export const productOrigin = (
  publicUrl: string | undefined,
  listening: AddressInfo | string | null | undefined,
): string => {
  if (publicUrl) return new URL(publicUrl).origin;
  if (listening && typeof listening === 'object') {
    const { address, port } = listening;
    const host = ['0.0.0.0', '::', '::ffff:0.0.0.0'].includes(address)
      ? 'localhost'
      : address.includes(':')
        ? `[${address}]`
        : address;
    return `http://${host}:${port}`;
  }
  // Not listening (requests injected in tests).
  return 'http://localhost';
};
