import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  templateMeta,
  type Patch,
  type Structure,
  type StructureInfo,
  type TemplateItem,
} from '@yj/contracts';
import { recognizePage } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
// The web builder's own logic (pure modules, no React): what a drag or an accepted proposal becomes.
import {
  addRegion,
  assembleTemplate,
  emptyPage,
  type PageDraft,
} from '../../../../web/src/features/template/draft';
import {
  DEFAULT_SETTINGS,
  regionFromDrag,
  type DrawSettings,
} from '../../../../web/src/features/template/drawing';
import type { Rect } from '../../../../web/src/features/template/geometry';
import { tabProposals } from '../../../../web/src/features/template/proposals';
import type { TabKey } from '../../../../web/src/features/template/tabs';
import { body, XHR } from '../../../test/app';
import { multipartFile } from '../../../test/excel';
import { subjectFixture } from '../../../test/subject-fixture';
import type { TemplateImage } from './template-image.service';

// Issue 5: a template built the way the builder builds it, for a real third-party sheet (OMRChecker
// sample6, a cover page with a student-number grid and no anchors), reads that sheet's scans. The
// picture goes through the API, the builder's drag/proposal logic makes the regions, the server saves
// and checks the template, and the engine reads the three scans with it.

const fixtures = new URL('../../../../../packages/omr/test-fixtures/omrchecker-sample6/', import.meta.url);
const scan = (n: number) => readFile(new URL(`sample_roll_0${n}.jpg`, fixtures));
const EXPECTED = ['A0188877Y', 'A0203959W', 'A0204729A'];

/** Where a person drags on sample_roll_01 (picture pixels, 1653 × 2339). */
const SAMPLE6_DRAGS = {
  /** printed text that stays put from sheet to sheet */
  locations: [
    { x: 313, y: 400, w: 600, h: 93 },
    { x: 193, y: 727, w: 533, h: 80 },
    { x: 1040, y: 740, w: 387, h: 67 },
    { x: 1047, y: 1247, w: 387, h: 67 },
    { x: 1020, y: 1700, w: 427, h: 73 },
  ],
  /** from the first digit's 0 to the seventh digit's 9 */
  digits: { x: 1112, y: 848, w: 234, h: 338 },
  /** the U / A / HT / NT column left of the digits */
  prefix: { x: 1080, y: 848, w: 37, h: 138 },
  /** the check letter, offered over two printed columns */
  check: { x: 1344, y: 848, w: 70, h: 238 },
  /** the five question rows of "For Examiner's Use Only" */
  questions: [0, 1, 2, 3, 4].map((i) => ({ x: 1026, y: Math.round(1373 + i * 66.6), w: 410, h: 58 })),
};

const fx = subjectFixture({ name: '期末考试', course: '信息技术', fullScore: 100 });

describe('a template built in the builder for OMRChecker sample6', () => {
  it('is built from the picture and its proposals, saves without problems, and reads the three scans', async () => {
    // the structure on the sheet: five questions marked on the cover, 100 in all
    const scores = [30, 25, 26, 15, 4];
    const set = await fx.admin.post(`/filter/api/api/subject/${fx.subjectId}/setting/questions/subjective`, {
      questions: scores.map((score, i) => ({ no: String(i + 1), score, step: 1 })),
    });
    expect(body(set).code).toBe(0);
    const structure: Structure = body<StructureInfo>(
      await fx.admin.get(`/filter/yue/api/subject/${fx.subjectId}/setting/questions/info`),
    ).data.structure;

    const m = multipartFile('sample_roll_01.jpg', await scan(1), 'image/jpeg');
    const up = body<TemplateImage>(
      await fx.t.app.inject({
        method: 'POST',
        url: `/filter/api/subject/${fx.subjectId}/template/image?dpi=200`,
        headers: { ...XHR, cookie: fx.admin.cookie, ...m.headers },
        payload: m.payload,
      }),
    );
    expect(up.code).toBe(0);
    const { detected, ...image } = up.data;
    // no corner anchors on this sheet: location areas register it
    expect(detected.anchors).toEqual([]);

    let pages: PageDraft[] = [{ ...emptyPage(0), image, detected }];
    const draw = (tab: TabKey, rect: Rect, settings: Partial<DrawSettings> = {}) => {
      const region = regionFromDrag(tab, rect, pages[0]!, pages, structure, {
        ...DEFAULT_SETTINGS,
        ...settings,
      });
      expect(region, `tab ${tab} draws something`).not.toBeNull();
      pages = [addRegion(pages[0]!, region!)];
      return region!;
    };

    // 2 定位区: each drawn area gets its reference patch from the server, as the builder asks for it
    for (const rect of SAMPLE6_DRAGS.locations) {
      const region = draw(2, rect);
      const patch = body<Patch>(
        await fx.admin.post(`/filter/api/subject/${fx.subjectId}/template/patch`, { key: image.key, rect }),
      ).data;
      pages = [
        {
          ...pages[0]!,
          regions: pages[0]!.regions.map((r) => (r.id === region.id ? { ...region, patch } : r)),
        },
      ];
    }

    // 3 考号区: the detector offers the digit lattice split in two; the drag continues it at its pitch
    expect(tabProposals(pages[0]!, 3).some((p) => p.grid?.rows === 10)).toBe(true);
    draw(3, SAMPLE6_DRAGS.digits);
    draw(3, SAMPLE6_DRAGS.prefix, { examKind: 'column', columnLabels: 'U,A,HT,NT' });
    const exam = draw(3, SAMPLE6_DRAGS.check, {
      examKind: 'column',
      columnLabels: 'A,B,E,H,J,L,M,N,R,U,W,X,Y',
    });
    expect(exam.kind === 'examNumber' && 'fields' in exam.block && exam.block.fields.length).toBe(9);

    // 6 主观题: one box per question row, numbered from the structure
    for (const rect of SAMPLE6_DRAGS.questions) draw(6, rect);
    expect(pages[0]!.regions.filter((r) => r.kind === 'subjective').map((r) => r.name)).toEqual([
      '第1题',
      '第2题',
      '第3题',
      '第4题',
      '第5题',
    ]);

    const { template, problems } = assembleTemplate(pages, templateMeta.parse({}), 'sample6-builder');
    expect(problems).toEqual([]);
    const saved = body<TemplateItem>(
      await fx.admin.post(`/filter/api/subject/${fx.subjectId}/template`, {
        ...templateMeta.parse({}),
        body: template,
      }),
    );
    expect(saved.code).toBe(0);
    const check = body<{ ok: boolean; problems: string[] }>(
      await fx.admin.post(`/filter/api/subject/${fx.subjectId}/template/${saved.data.id}/validate`),
    ).data;
    expect(check).toEqual({ ok: true, problems: [] });

    // the engine reads the three real scans with the template as stored
    const stored = body<TemplateItem[]>(
      await fx.admin.get(`/filter/api/subject/${fx.subjectId}/templates`),
    ).data;
    for (const [i, roll] of EXPECTED.entries()) {
      const r = await recognizePage(await decodeGrey(await scan(i + 1)), stored[0]!.body);
      expect(r.registration?.method).toBe('locationAreas');
      expect(r.examNumber.value, `sample_roll_0${i + 1}`).toBe(roll);
      expect(r.exceptions).toEqual([]);
    }
  });
});
