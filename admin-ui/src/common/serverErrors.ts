/** The server's French message of a refused call, when it gave one. */
export const serverMessage = (error: unknown): string | undefined =>
  (error as { body?: { message?: string } } | undefined)?.body?.message;

/** The server's messages per field (`{ errors: { description: '…' } }`), when it gave them. */
export const serverErrors = (error: unknown): Record<string, string> | undefined =>
  (error as { body?: { errors?: Record<string, string> } } | undefined)?.body?.errors;
