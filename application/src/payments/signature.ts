import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  InvalidSignatureError,
  parseSignatureHeader,
  SIGNATURE_EXPIRED,
  SIGNATURE_INVALID,
  withinSignatureWindow,
} from '@examens-pro/domain';

/** The header a provider's notification carries its signature in. */
export const SIGNATURE_HEADER = 'x-signature';

/** HMAC-SHA256 of `<timestamp>.<raw body>` with the shared secret, in hexadecimal. */
export const notificationHmac = (
  secret: string,
  timestamp: number,
  body: Buffer | string,
): string =>
  createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');

/** The `X-Signature` value for a body sent at `timestampSeconds` (unix seconds). */
export const signNotification = (
  secret: string,
  body: Buffer | string,
  timestampSeconds: number,
): string => `t=${timestampSeconds},v1=${notificationHmac(secret, timestampSeconds, body)}`;

/**
 * Checks a notification's signature over its raw bytes: a well-formed header, one `v1` equal to the
 * HMAC of `<t>.<body>` (compared in constant time), and `t` within 5 minutes of now, either side.
 * Throws a French 401 otherwise; answers the timestamp.
 */
export const verifyNotificationSignature = (
  secret: string,
  body: Buffer,
  header: string | undefined,
  nowMs: number,
): number => {
  const parsed = parseSignatureHeader(header);
  if (!parsed) throw new InvalidSignatureError(SIGNATURE_INVALID);
  const expected = Buffer.from(notificationHmac(secret, parsed.timestamp, body), 'hex');
  const matches = parsed.signatures.some((signature) =>
    timingSafeEqual(Buffer.from(signature, 'hex'), expected),
  );
  if (!matches) throw new InvalidSignatureError(SIGNATURE_INVALID);
  // Checked once the signature is known good: an old timestamp is not a forged one.
  if (!withinSignatureWindow(parsed.timestamp, nowMs))
    throw new InvalidSignatureError(SIGNATURE_EXPIRED);
  return parsed.timestamp;
};
