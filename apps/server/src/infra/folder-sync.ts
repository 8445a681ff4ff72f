import fs from 'node:fs/promises';

/**
 * A file renamed into a folder survives a power cut only once the folder itself is synced: ext4 and xfs
 * write the folder's entries on their own schedule (seconds), so an acknowledged upload could come back as a
 * missing file. One fsync of a folder is as dear as one of a file, and the pages of an upload land in one
 * folder together, so callers share syncs (group commit): a call made while a sync of the same folder is
 * running waits for the next one, which starts when that one ends and serves every call made meanwhile.
 */
export function folderSyncer(
  syncOnce: (dir: string) => Promise<void> = syncFolder,
): (dir: string) => Promise<void> {
  interface Slot {
    waiting: { promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | null;
  }
  const running = new Map<string, Slot>();

  const run = async (dir: string, slot: Slot): Promise<void> => {
    try {
      await syncOnce(dir);
    } finally {
      const next = slot.waiting;
      slot.waiting = null;
      if (next) run(dir, slot).then(next.resolve, next.reject);
      else running.delete(dir);
    }
  };

  return (dir) => {
    const slot = running.get(dir);
    if (!slot) {
      const fresh: Slot = { waiting: null };
      running.set(dir, fresh);
      return run(dir, fresh);
    }
    if (!slot.waiting) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      slot.waiting = { promise, resolve, reject };
    }
    return slot.waiting.promise;
  };
}

/** fsync of a folder; Windows cannot open one for it, and NTFS journals its entries itself. */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
