/** A fresh Idempotency-Key. Keep it for the retries of one logical write. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
