import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

// The browser's idea of being online must not hold requests back: the platform often runs on a school network
// without internet, and a stray 'offline' event left clicks that sent nothing and buttons loading for good.

afterEach(() => onlineManager.setOnline(true));

describe('the query client when the browser says it is offline', () => {
  it('still sends a mutation and a query', async () => {
    const qc = createQueryClient();
    onlineManager.setOnline(false);
    let sent = 0;
    const mutation = qc.getMutationCache().build(qc, {
      mutationFn: async (v: number) => {
        sent++;
        return v * 2;
      },
    });
    await expect(mutation.execute(21)).resolves.toBe(42);
    await expect(qc.fetchQuery({ queryKey: ['x'], queryFn: async () => 'read' })).resolves.toBe('read');
    expect(sent).toBe(1);
    qc.clear();
  });
});
