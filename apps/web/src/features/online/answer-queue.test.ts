import { describe, expect, it } from 'vitest';
import { AnswerQueue, type AnswerStore, type HeldAnswer, type SendOutcome } from './answer-queue';

const memory = (init: Record<string, HeldAnswer> = {}) => {
  let held = { ...init };
  const store: AnswerStore = { read: () => ({ ...held }), write: (p) => (held = { ...p }) };
  return { store, held: () => held };
};

describe('AnswerQueue', () => {
  it('holds every change at once, sends by question, and lets go once stored', async () => {
    const m = memory();
    const sent: string[] = [];
    const q = new AnswerQueue(m.store, async (no, a) => {
      sent.push(`${no}:${a.value}:${a.rev}`);
      return { kind: 'saved', rev: a.rev };
    });
    q.resume([{ no: '1', value: 'A', rev: 3 }]);
    q.set('1', 'B');
    q.set('1', 'C');
    q.set('21', '解：');
    expect(m.held()).toEqual({ '1': { value: 'C', rev: 5 }, '21': { value: '解：', rev: 1 } });
    expect(await q.flush()).toBe('saved');
    expect(sent).toEqual(['1:C:5', '21:解：:1']);
    expect(m.held()).toEqual({});
  });

  it('keeps answers through a network drop and a reload, and sends them on reconnection', async () => {
    const m = memory();
    let online = false;
    const stored: Record<string, HeldAnswer> = {};
    const send = async (no: string, a: HeldAnswer): Promise<SendOutcome> => {
      if (!online) return { kind: 'retry' };
      stored[no] = a;
      return { kind: 'saved', rev: a.rev };
    };
    const q = new AnswerQueue(m.store, send);
    q.resume([]);
    q.set('2', 'D');
    expect(await q.flush()).toBe('offline');
    expect(q.unsent()).toBe(1);
    // the page reloaded: a new queue over the same store, the server still has nothing
    const again = new AnswerQueue(m.store, send);
    expect(again.resume([])).toEqual({ '2': 'D' });
    online = true;
    expect(await again.flush()).toBe('saved');
    expect(stored).toEqual({ '2': { value: 'D', rev: 1 } });
  });

  it('prefers the server’s answer where it is newer than the one held, and stops once time is up', async () => {
    const m = memory({ '3': { value: 'A', rev: 1 }, '4': { value: 'B', rev: 5 } });
    const q = new AnswerQueue(m.store, async () => ({ kind: 'closed' }));
    expect(q.resume([{ no: '3', value: 'AC', rev: 2 }])).toEqual({ '3': 'AC', '4': 'B' });
    q.set('3', 'C');
    expect(m.held()['3']).toEqual({ value: 'C', rev: 3 });
    expect(await q.flush()).toBe('closed');
    q.set('3', 'D');
    expect(await q.flush()).toBe('closed');
  });
});
