import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its recommended cost: 19 MiB, 2 passes. */
export const hashPassword = (plain: string): Promise<string> => hash(plain);

// Verifying against a fixed hash when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | null = null;

/** Constant-work check: pass null when the account is unknown. */
export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-1');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}
