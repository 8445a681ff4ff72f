// The tasks a process handed out, whose image it answers without a statement (issue 35): only to the marker it
// handed the task to, only while the lease runs, never once handed back.
import { describe, expect, it } from 'vitest';
import type { TaskRow } from './marking.repo';
import { handedTasks } from './marking-handed';

const REGIONS = [{ page: 0, x: 1, y: 2, w: 30, h: 40 }];
const PAGES = [{ templatePage: 0, storageKey: 'pages/1.jpg', matrix: null }];
const row = (over: Partial<TaskRow>): TaskRow =>
  ({
    id: 7,
    paper_id: 70,
    block_id: 3,
    user_id: 5,
    lease_until: new Date(Date.now() + 600_000).toISOString(),
    regions: REGIONS,
    pages: PAGES,
    ...over,
  }) as TaskRow;

describe('handed tasks', () => {
  it('answer the image of a claimed task to its holder only', () => {
    const h = handedTasks();
    h.remember(row({}));
    expect(h.imageOf(7, 5)).toEqual({ paperId: 70, regions: REGIONS, pages: PAGES });
    expect(h.imageOf(7, 6)).toBeNull();
    expect(h.imageOf(8, 5)).toBeNull();
  });

  it('forget a task handed back, and never keep one whose lease is over', () => {
    const h = handedTasks();
    h.remember(row({}));
    h.forget(7);
    expect(h.imageOf(7, 5)).toBeNull();
    h.remember(row({ lease_until: new Date(Date.now() - 1).toISOString() }));
    expect(h.imageOf(7, 5)).toBeNull();
  });

  it('leave rows read without the regions and pages, or without a holder, to the statement', () => {
    const h = handedTasks();
    h.remember(row({ id: 1, regions: undefined }));
    h.remember(row({ id: 2, pages: undefined }));
    h.remember(row({ id: 3, user_id: null }));
    h.remember(row({ id: 4, lease_until: 'not a time' }));
    for (const id of [1, 2, 3, 4]) expect(h.imageOf(id, 5)).toBeNull();
  });
});
