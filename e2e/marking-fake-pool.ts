import type { Page, Route } from 'playwright-core';

/**
 * The marking API of packages/contracts/src/marking.ts answered inside the browser test, so the screen's
 * keyboard, preload, retry and layout are checked against the contract alone (the server's own routes are
 * tested by the server module and by marking.e2e.ts). Submits count once per lease token, like the server.
 */
interface Task {
  taskId: number;
  blockId: number;
  leaseToken: string;
  state: 'pool' | 'leased' | 'done' | 'problem';
  body?: Record<string, unknown>;
  version: number;
  at?: string;
}

export const BLOCKS = {
  1: {
    blockName: '第13-14题',
    questions: [
      { no: '13', fullScore: 6, step: 1, points: [], answer: '写出正确的化学方程式得 6 分。' },
      {
        no: '14',
        fullScore: 4,
        step: 0.5,
        points: [
          { name: '①', score: 2 },
          { name: '②', score: 2 },
        ],
        answer: '① 列式正确 2 分；② 结果正确 2 分。',
      },
    ],
  },
  2: {
    blockName: '第15题',
    questions: [{ no: '15', fullScore: 5, step: 1, points: [], answer: '观点明确 5 分。' }],
  },
} as const;

export class FakePool {
  tasks: Task[] = [];
  submits: Array<{ taskId: number; body: Record<string, unknown> }> = [];
  problems: Array<Record<string, unknown>> = [];
  images: number[] = [];
  /** the next submit requests to drop as a lost network would */
  dropSubmits = 0;
  constructor(papers: number) {
    let id = 100;
    for (const blockId of [1, 2])
      for (let i = 0; i < papers; i++)
        this.tasks.push({ taskId: ++id, blockId, leaseToken: '', state: 'pool', version: 0 });
  }

  done(blockId: number) {
    return this.tasks.filter((t) => t.blockId === blockId && t.state === 'done').length;
  }

  private lease(t: Task, type: string) {
    t.state = 'leased';
    t.leaseToken = `00000000-0000-4000-8000-${String(t.taskId).padStart(12, '0')}`;
    return {
      taskId: t.taskId,
      leaseToken: t.leaseToken,
      leaseUntil: new Date(Date.now() + 600_000).toISOString(),
      blockId: t.blockId,
      slot: type === 'arbitration' ? 9 : 1,
      imageUrl: `/filter/api/marking/task/${t.taskId}/image`,
      ...(type === 'arbitration'
        ? {
            marks: [
              {
                slot: 1,
                markerName: '张老师',
                score: 9,
                questionScores: { '13': 6, '14': 3 },
                pointScores: { '14': [2, 1] },
              },
              {
                slot: 2,
                markerName: '李老师',
                score: 4,
                questionScores: { '13': 2, '14': 2 },
                pointScores: { '14': [1, 1] },
              },
            ],
          }
        : {}),
    };
  }

  private take(blockId: number, count: number, type: string) {
    return this.tasks
      .filter((t) => t.blockId === blockId && t.state === 'pool')
      .slice(0, count)
      .map((t) => this.lease(t, type));
  }

  private info(blockId: 1 | 2) {
    const b = BLOCKS[blockId];
    return {
      blockId,
      blockName: b.blockName,
      subjectId: 7,
      subjectName: '化学',
      examName: '2026学年高一期末考试',
      fullScore: b.questions.reduce((s, q) => s + q.fullScore, 0),
      markCount: 1,
      threshold: null,
      questions: b.questions,
      mine: { done: this.done(blockId), quota: 20, leader: true },
      left: this.tasks.filter((t) => t.blockId === blockId && t.state === 'pool').length,
    };
  }

  private image(taskId: number) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><rect width="900" height="300" fill="#fff" stroke="#999"/><text x="40" y="80" font-size="36" fill="#123">试卷 ${taskId} 的答题区域</text><text x="40" y="160" font-size="28" fill="#345">解：2H2 + O2 = 2H2O</text><line x1="40" y1="220" x2="860" y2="220" stroke="#ccc"/></svg>`;
    return { status: 200, contentType: 'image/svg+xml', body: svg };
  }

  async install(page: Page): Promise<void> {
    await page.route('**/filter/api/marking/**', (route) => this.answer(route));
  }

  private async answer(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    const p = url.pathname.replace('/filter/api/marking/', '');
    const body = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
    const ok = (data: unknown) => route.fulfill({ json: { code: 0, message: 'ok', data } });
    const fail = (message: string) => route.fulfill({ json: { code: 1, message, data: null } });
    const m = /^(block|task)\/(\d+)\/(\w+)$/.exec(p);
    if (p === 'tasks') return ok(this.reviewTasks());
    if (!m) return route.fulfill({ status: 404, body: 'not found' });
    const id = Number(m[2]);
    const task = this.tasks.find((t) => t.taskId === id);
    switch (`${m[1]}/${m[3]}`) {
      case 'block/info':
        return ok(this.info(id as 1 | 2));
      case 'block/claim':
        return ok(this.take(id, Number(body.count ?? 1), String(body.type ?? 'normal')));
      case 'task/image':
        this.images.push(id);
        return route.fulfill(this.image(id));
      case 'task/submit': {
        if (this.dropSubmits > 0) {
          this.dropSubmits -= 1;
          return route.abort('failed');
        }
        if (!task || task.leaseToken !== body.leaseToken) return fail('领取凭证无效');
        const counted = task.state !== 'done';
        if (counted) {
          Object.assign(task, { state: 'done', body, at: new Date().toISOString() });
          this.submits.push({ taskId: id, body });
        }
        const next = body.next ? (this.take(task.blockId, 1, 'normal')[0] ?? null) : null;
        return ok({ counted, next, done: this.done(task.blockId) });
      }
      case 'task/skip':
        if (task && task.state === 'leased') task.state = 'pool';
        return ok(null);
      case 'task/defer':
        return ok(null);
      case 'task/problem':
        if (task) task.state = 'problem';
        this.problems.push({ taskId: id, ...body });
        return ok(null);
      case 'block/history':
        return ok(this.history(id));
      case 'task/modify':
        if (!task || task.version !== body.version) return fail('该试卷的分数已被修改，请刷新后重试');
        task.version += 1;
        task.body = { ...task.body, scores: body.scores };
        return ok(null);
    }
    return route.fulfill({ status: 404, body: 'not found' });
  }

  private history(blockId: number) {
    const items = this.tasks
      .filter((t) => t.blockId === blockId && t.state === 'done')
      .map((t) => {
        const scores = (t.body?.scores ?? []) as Array<{ no: string; score: number; points?: number[] }>;
        return {
          taskId: t.taskId,
          score: scores.reduce((s, q) => s + q.score, 0),
          questionScores: Object.fromEntries(scores.map((q) => [q.no, q.score])),
          pointScores: Object.fromEntries(scores.filter((q) => q.points).map((q) => [q.no, q.points])),
          marks: t.body?.marks ?? [],
          submittedAt: t.at,
          version: t.version,
          imageUrl: `/filter/api/marking/task/${t.taskId}/image`,
          editable: true,
        };
      })
      .reverse();
    return { total: items.length, size: 20, items };
  }

  private reviewTasks() {
    return ([1, 2] as const).map((blockId) => ({
      examId: 3,
      examName: '2026学年高一期末考试',
      subjectId: 7,
      subjectName: '化学',
      subjectStatus: 3,
      blockId,
      blockName: BLOCKS[blockId].blockName,
      role: 6,
      done: this.done(blockId),
      quota: 20,
      left: this.tasks.filter((t) => t.blockId === blockId && t.state === 'pool').length,
      blockDone: this.done(blockId),
      blockTotal: this.tasks.filter((t) => t.blockId === blockId).length,
      arbitration: 2,
      problems: this.tasks.filter((t) => t.state === 'problem').length,
    }));
  }
}
