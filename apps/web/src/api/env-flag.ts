import {
  Code,
  envFlag as envFlagSchema,
  envFlagRefusal,
  failureKindOf,
  FAILURES,
  authContract,
  homeContract,
  type EnvFlag,
} from '@yj/contracts';
import { FILTER_BASE } from './constants';
import { isRecord, type EnvelopeError } from './errors';

/**
 * 系统维护 in the client (spec §7 "if the environment flag object is non-empty, calls are rejected at once"): the
 * flag as last read (EnvFlagWatch reads it at start, every minute, and after a refusal), and who is exempt. A call
 * the flag refuses is rejected here without being sent, with the envelope the server would have answered — so
 * every screen shows it, and branches on it, as it does the server's.
 */
let flag: EnvFlag | null = null;
/** the signed-in user is the system administrator: they must reach the screen that clears the flag */
let exempt = false;
const listeners = new Set<() => void>();

const notify = (): void => listeners.forEach((l) => l());

export const envFlagStore = {
  get: (): EnvFlag | null => flag,
  set(next: EnvFlag | null): void {
    if (JSON.stringify(next) === JSON.stringify(flag)) return;
    flag = next;
    notify();
  },
  /** The user signed in (or out): the system administrator passes any flag. */
  setExempt(isSystemAdmin: boolean): void {
    exempt = isSystemAdmin;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** What reads the flag from the server (EnvFlagBanner registers it). */
let reader: (() => void) | undefined;
export function registerEnvFlagReader(fn: () => void): void {
  reader = fn;
}
/** Reads the flag again now: after the server refused a call by it, or when a user asks whether it is over. */
export function rereadEnvFlag(): void {
  reader?.();
}

/** Calls that pass any flag: reading the flag, and who is signed in (the server decides it: the system admin passes). */
const ALWAYS = new Set(
  [homeContract.envFlag.path, authContract.userInfo.path].map((p) => `${FILTER_BASE}${p}`),
);

export interface CallKind {
  /** only reads: a GET/HEAD, or a contract marked `reads` */
  read: boolean;
  /** signs in or out (a contract marked `signIn`) */
  signIn?: boolean;
}

/** The refusal of a call to the server while the flag is set, or null when it may be sent. */
export function envFlagRefusalOf(url: string, call: CallKind): EnvelopeError | null {
  if (!flag || !url.startsWith(`${FILTER_BASE}/`)) return null;
  const path = url.split('?')[0]!;
  const kind = envFlagRefusal(flag, {
    read: call.read,
    exempt: exempt || call.signIn === true || ALWAYS.has(path),
  });
  if (!kind) return null;
  return {
    code: Code.fail,
    message: FAILURES[kind].message({ message: flag.message }),
    data: flag,
    errCode: FAILURES[kind].errCode,
  };
}

/** Reads a server answer: a refusal by the flag brings the flag it carries here at once, and has it read again. */
export function noteEnvFlagAnswer(body: unknown): void {
  if (!isRecord(body)) return;
  const kind = failureKindOf(body.errCode);
  if (kind !== 'envFlagWritesPaused' && kind !== 'envFlagClosed') return;
  const carried = envFlagSchema.safeParse(body.data);
  if (carried.success) envFlagStore.set(carried.data);
  rereadEnvFlag();
}
