import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_SETTINGS,
  reportTable,
  type Report,
  type ReportSettings,
  type ReportSettingsView,
} from '@yj/contracts';
import { auditLog } from '../../db/schema';
import { body } from '../../../test/app';
import { readXlsx } from '../../../test/excel';
import { buildReportScene, type ReportScene } from '../../../test/report';
import { appFixture } from '../../../test/app-fixture';

// 报表设置 (issue 16), on test/report.ts's scene: 英语 (full 100) 90 60 70 80 100 — e0 e1 in 1班, e2 e3 e4 in 2班.
const t = appFixture();
let scene: ReportScene['scene'];
let base: string;
let english: number;
type Who = ReportScene['teacher'];
let teacher: Who;
let stranger: Who;

const get = <T = Report>(who: Who, url: string) => who.get(url).then((r) => body<T>(r));

/** How many reach each of the 四率 lines — 优秀, 良好, 及格 — and how many fall under 低分. */
const rateCounts = (r: Report) =>
  (['excellent', 'good', 'pass', 'low'] as const).map((k) => r.overall[k].count);

/** 四率 90 / 80 / 70 / 65; five equal grades; 临界 lines at 75 and 95 with 5 points either side. */
const CHANGED: ReportSettings = {
  rates: { excellent: 90, good: 80, pass: 70, low: 65 },
  grades: DEFAULT_REPORT_SETTINGS.grades.map((g) => ({ ...g, share: 20 })),
  critical: { lines: [75, 95], within: 5 },
};

beforeAll(async () => {
  ({ scene, base, english, teacher, stranger } = await buildReportScene(t));
}, 120_000);

describe('report settings', () => {
  it('an exam keeps the defaults until they are saved; the figures follow them', async () => {
    const v = (await get<ReportSettingsView>(scene.admin, `${base}/settings`)).data;
    expect(v).toEqual({ settings: DEFAULT_REPORT_SETTINGS, custom: false, mayEdit: true });
    const r = (await get(scene.admin, `${base}?subjectId=${english}`)).data;
    expect(r.settings).toEqual(DEFAULT_REPORT_SETTINGS);
    // ≥ 85: 90 100; ≥ 70: 90 70 80 100; ≥ 60: all; < 40: none
    expect(rateCounts(r)).toEqual([2, 4, 5, 0]);
    // 5 sat, 15/35/35/13/2 %: counts 0.75 → 1, 2.5 → 3, 4.25 → 4, 4.9 → 5: A rank 1 (100); B ranks 2–3 (90 80);
    // C rank 4 (70, 3 above < 4); D rank 5 (60, 4 above, not < 4)
    // points: A 100; B 90 → 85, 80 → 71; C 70 → 70; D 60 → 55; mean 381 / 5
    expect(r.overall.grades).toEqual([1, 2, 1, 1, 0]);
    expect(r.overall.gradeMean).toBe(76.2);
    // 临界 60 ± 5: 60 itself, on the line
    expect(r.overall.critical).toEqual([{ below: 0, above: 1 }]);
    // 2班 (70 80 100): A 100, B 80, C 70
    expect(r.classes.find((c) => c.name === '高一(2)班')!.grades).toEqual([1, 1, 1, 0, 0]);
  });

  it('refuses settings that make no sense, in Chinese', async () => {
    const bad = async (s: ReportSettings) => body(await scene.admin.post(`${base}/settings`, s)).message;
    expect(await bad({ ...CHANGED, rates: { excellent: 60, good: 70, pass: 50, low: 40 } })).toContain(
      '四率线应满足 优秀 > 良好 > 及格 > 低分',
    );
    expect(
      await bad({ ...CHANGED, grades: CHANGED.grades.map((g, i) => ({ ...g, share: i ? 20 : 10 })) }),
    ).toContain('各等级人数比例之和应为 100%');
    expect(
      await bad({ ...CHANGED, grades: CHANGED.grades.map((g, i) => (i === 1 ? { ...g, high: 90 } : g)) }),
    ).toContain('B等的赋分上限应低于A等的下限');
    expect(await bad({ ...CHANGED, critical: { lines: [60, 60], within: 5 } })).toContain('临界线不能重复');
    expect(await bad({ ...CHANGED, grades: CHANGED.grades.slice(0, 4) })).toContain('五级');
    expect(body(await scene.admin.post(`/filter/api/exam/0/report/settings`, CHANGED)).code).not.toBe(0);
    expect((await get<ReportSettingsView>(scene.admin, `${base}/settings`)).data.custom).toBe(false);
  });

  it('a teacher reads them but may not change them; another school sees nothing', async () => {
    expect((await get<ReportSettingsView>(teacher, `${base}/settings`)).data.mayEdit).toBe(false);
    expect(body(await teacher.post(`${base}/settings`, CHANGED)).message).toBe('无权限');
    expect((await get(stranger, `${base}/settings`)).message).toBe('无权限');
    expect((await get(stranger, `${base}/subjects`)).message).toBe('无权限');
    expect(body(await stranger.post(`${base}/settings`, CHANGED)).message).toBe('无权限');
  });

  it('saved (audited), every cached report of the exam is computed again with them', async () => {
    const before = (await get(scene.admin, `${base}?subjectId=${english}`)).data.computedAt;
    expect(body(await scene.admin.post(`${base}/settings`, CHANGED)).code).toBe(0);
    expect((await get<ReportSettingsView>(scene.admin, `${base}/settings`)).data).toMatchObject({
      settings: CHANGED,
      custom: true,
    });
    const r = (await get(scene.admin, `${base}?subjectId=${english}`)).data;
    expect(r.computedAt).not.toBe(before);
    // ≥ 90: 90 100; ≥ 80: 90 80 100; ≥ 70: 90 70 80 100; < 65: 60
    expect(rateCounts(r)).toEqual([2, 3, 4, 1]);
    // five grades of 20 %: one examinee each, each grade's single score at its band's top
    expect(r.overall.grades).toEqual([1, 1, 1, 1, 1]);
    expect(r.overall.gradeMean).toBe(70);
    // 75 ± 5: 70 below, 80 above; 95 ± 5: 90 below, 100 above
    expect(r.overall.critical).toEqual([
      { below: 1, above: 1 },
      { below: 1, above: 1 },
    ]);
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.settings'), eq(auditLog.examId, scene.examId)));
    expect(log!.detail).toMatchObject({ before: DEFAULT_REPORT_SETTINGS, after: CHANGED });
    // the teacher's narrowed report follows too
    expect((await get(teacher, `${base}?subjectId=${english}`)).data.classes[0]!.grades).toEqual([
      1, 0, 1, 1, 0,
    ]);
  });

  it('the 等级与临界生 export holds the table on screen', async () => {
    const r = (await get(scene.admin, `${base}?subjectId=${english}`)).data;
    const res = await scene.admin.get(`${base}/export?subjectId=${english}&sheet=levels`);
    const rows = await readXlsx(res.rawPayload);
    const table = reportTable(r, 'levels');
    expect(rows[0]).toEqual(table.headers);
    expect(table.headers).toContain('75%线下临界');
    expect(rows.slice(1)).toEqual(table.rows.map((row) => row.map(String)));
  });
});
