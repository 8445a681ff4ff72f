import { hash, verify } from '@node-rs/argon2';
import { passwordProblem } from '@yj/contracts';
import { fail } from '../../errors';

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

/** The contract's rule with the owner's account and phone, which a request schema cannot know. */
export function checkNewPassword(plain: string, owner: { account: string; phone: string | null }): void {
  const problem = passwordProblem(plain, [owner.account, owner.phone]);
  if (problem) throw fail('passwordRejected', { reason: problem });
}
