import { createHash } from 'node:crypto';
import {
  cardOptions,
  templateProblems,
  type CardDesign,
  type CardItem,
  type CardOptionsValue,
  type CardPreview,
  type Structure,
  type TemplateItem,
} from '@yj/contracts';
import {
  cardTemplate,
  defaultBoxHeight,
  hasBarcodeBox,
  layoutCard,
  LayoutError,
  personalise,
  PersonalSheetError,
  renderPdf,
  renderSvg,
  type CardFonts,
  type CardGeometry,
} from '@yj/card';
import { loadCardFonts } from '@yj/card/font';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { ExamService } from '../exam/exam.service';
import type { AuditService } from '../audit/audit.service';
import type { ExamineeService } from '../exam/examinee.service';
import type { QuestionService } from '../question/question.service';
import type { BlockService } from '../block/block.service';
import type { TemplateImageService } from '../template/template-image.service';
import type { TemplateService } from '../template/template.service';
import type { cardRepo } from './card.repo';
import {
  blockerMessage,
  cardIdOf,
  defaultBoxes,
  digitsOf,
  layoutNotes,
  pdfName,
  resolveOptions,
  structureBlockers,
  type ResolvedOptions,
} from './card-rules';

/** Template pixels per inch of an online card (spec §3 dpiValue default). */
const CARD_DPI = 200;

/**
 * What the pages' pictures are rendered from: everything drawn (the geometry holds every element and text), the
 * dpi, and DRAWN — raise it when the PDF drawing or the card font changes, so cards saved again are drawn anew.
 */
const DRAWN = 1;

/**
 * Pages of 个性化答题卡 in one PDF at most: ~11 MB, ~20 s of drawing (2,400 pages took 29 s on a loaded 2-core
 * machine); a quiz's classes or a grade's one-page cards fit, an exam's multi-page cards are printed by class.
 */
const PERSONAL_MAX_PAGES = 2000;
/** The examinee list's page size (its most). */
const EXAMINEE_PAGE = 200;
const drawingOf = (g: CardGeometry): string =>
  createHash('sha256')
    .update(JSON.stringify({ drawn: DRAWN, dpi: CARD_DPI, g }))
    .digest('hex');

// The card font is ~15 MB: read once per process, on first use; a failed read is retried next time.
let fonts: Promise<CardFonts> | null = null;
function cardFonts(): Promise<CardFonts> {
  fonts ??= loadCardFonts().catch((e: unknown) => {
    fonts = null;
    throw e;
  });
  return fonts;
}

interface Context {
  subjectId: number;
  examId: number;
  examName: string;
  subjectName: string;
  course: string;
  fullScore: number;
  structure: Structure;
  /** the exam's kaohao length, null before examinees are added */
  kaohaoDigits: number | null;
}

/** The online answer card (dtk, acard/template/*): preview, PDF and template from the question structure. */
export function cardService(d: {
  db: Db;
  repo: typeof cardRepo;
  audit: AuditService;
  exams: ExamService;
  questions: QuestionService;
  templates: TemplateService;
  images: TemplateImageService;
  /** read-only use: the exam's kaohao length (exam module) */
  examinees: Pick<ExamineeService, 'list'>;
  /** the blocks' regions follow the card's answer boxes (block module) */
  blocks: Pick<BlockService, 'takeRegionsFromCard'>;
}) {
  const { examinees } = d;
  async function context(subjectId: number): Promise<Context> {
    const detail = await d.exams.subjectDetail(subjectId);
    const info = await d.questions.info(subjectId);
    const first = (await examinees.list(detail.exam.id, { page: 1, size: 1 })).items[0];
    return {
      subjectId,
      examId: detail.exam.id,
      examName: detail.exam.name,
      subjectName: detail.subjectInfo.name,
      course: detail.subjectInfo.course,
      fullScore: info.fullScore,
      structure: info.structure,
      kaohaoDigits: first ? digitsOf(first.kaohao) : null,
    };
  }

  function layout(c: Context, o: ResolvedOptions): CardGeometry {
    const blockers =
      c.structure.objective.length + c.structure.subjective.length === 0
        ? ['还没有录入任何题目']
        : structureBlockers(c.structure, c.fullScore);
    if (blockers.length) throw fail('cardBlocked', { reason: blockerMessage(blockers) });
    try {
      return layoutCard({
        structure: c.structure,
        options: {
          cardId: cardIdOf(c.subjectId, c.structure, o),
          examName: o.title || c.examName,
          subjectName: c.subjectName,
          examId: String(c.examId),
          subjectId: String(c.subjectId),
          paper: o.paper,
          columns: o.columns,
          examNumber: o.examNumber,
          twoSided: o.twoSided,
          scoreBoxes: o.scoreBoxes,
          boxes: o.boxes,
          order: o.order,
        },
      });
    } catch (e) {
      if (e instanceof LayoutError) throw fail('cardLayoutFailed', { reason: e.message });
      throw e;
    }
  }

  async function laidOut(subjectId: number, input: CardOptionsValue) {
    const c = await context(subjectId);
    const o = resolveOptions(input, c.kaohaoDigits ?? digitsOf(undefined));
    return { c, o, geometry: layout(c, o) };
  }

  async function pdfOf(c: Context, g: CardGeometry) {
    return { name: pdfName(c.subjectName), bytes: Buffer.from(await renderPdf(g, await cardFonts())) };
  }

  const onlineTemplates = async (subjectId: number) =>
    (await d.templates.list(subjectId)).filter((t) => t.cardType === 'online');

  async function savedCard(subjectId: number, templateId: number) {
    const t = (await onlineTemplates(subjectId)).find((x) => x.id === templateId);
    const design = (await d.repo(d.db).ofSubject(subjectId)).find((x) => x.templateId === templateId);
    if (!t || !design) throw fail('cardNotFound');
    return { template: t, options: design.options };
  }

  return {
    /** What the designer opens with: a saved card's options, or the defaults of a new card. */
    async design(subjectId: number, templateId?: number): Promise<CardDesign> {
      const c = await context(subjectId);
      const saved = templateId ? await savedCard(subjectId, templateId) : null;
      const base = saved?.options ?? cardOptions.parse({ boxes: defaultBoxes(c.course, c.structure) });
      const groupOf = (no: string) =>
        c.structure.optionalGroups.find((g) => g.nos.includes(no))?.name ?? null;
      return {
        templateId: saved?.template.id ?? null,
        mainTemplateName: saved?.template.mainTemplateName ?? '主模板',
        options: resolveOptions(base, c.kaohaoDigits ?? digitsOf(undefined)),
        examName: c.examName,
        subjectName: c.subjectName,
        objectiveCount: c.structure.objective.length,
        questions: c.structure.subjective.map((q) => ({
          no: q.no,
          score: q.score,
          defaultHeight: defaultBoxHeight(q.score),
          optionalGroup: groupOf(q.no),
        })),
        templates: (await d.templates.list(subjectId)).map((t) => ({
          id: t.id,
          mainTemplateName: t.mainTemplateName,
          cardType: t.cardType,
          updatedAt: t.updatedAt,
        })),
      };
    },

    /** Every page as SVG (viewBox in mm) with the notes that do not stop the card. */
    async preview(subjectId: number, input: CardOptionsValue): Promise<CardPreview> {
      const { c, o, geometry } = await laidOut(subjectId, input);
      return {
        cardId: geometry.cardId,
        pages: geometry.pages.map((_, i) => ({ svg: renderSvg(geometry, i) })),
        problems: layoutNotes(geometry, o, c.kaohaoDigits),
      };
    },

    /** The printable PDF of the options as they are now. */
    async pdf(subjectId: number, input: CardOptionsValue): Promise<{ name: string; bytes: Buffer }> {
      const { c, geometry } = await laidOut(subjectId, input);
      return pdfOf(c, geometry);
    },

    /** The PDF of a saved card; refused when the structure changed since, as recognition would not match. */
    async savedPdf(subjectId: number, templateId: number): Promise<{ name: string; bytes: Buffer }> {
      const saved = await savedCard(subjectId, templateId);
      const { c, geometry } = await laidOut(subjectId, saved.options);
      if (geometry.cardId !== saved.template.body.id) throw fail('cardStaleAfterQuestionChange');
      return pdfOf(c, geometry);
    },

    /**
     * 个性化答题卡 of a saved card: one copy an examinee (of a class when given; not those marked absent in the
     * subject), their 考号 printed as the barcode the card's box is read for, name and class above it.
     */
    async personalPdf(
      subjectId: number,
      templateId: number,
      classId: number | undefined,
    ): Promise<{ name: string; bytes: Buffer }> {
      const saved = await savedCard(subjectId, templateId);
      const { c, geometry } = await laidOut(subjectId, saved.options);
      if (geometry.cardId !== saved.template.body.id) throw fail('cardStaleAfterQuestionChange');
      if (!hasBarcodeBox(geometry)) throw fail('cardNotPersonal');
      const max = Math.max(1, Math.floor(PERSONAL_MAX_PAGES / geometry.pages.length));
      const who: { kaohao: string; name: string; className: string }[] = [];
      for (let page = 1; ; page++) {
        const got = await examinees.list(c.examId, {
          page,
          size: EXAMINEE_PAGE,
          subjectId,
          ...(classId ? { classId } : {}),
        });
        who.push(...got.items.filter((x) => !x.absent));
        if (who.length > max) throw fail('personalCardTooMany', { max });
        if (page * EXAMINEE_PAGE >= got.total) break;
      }
      if (!who.length) throw fail('personalCardNoExaminees');
      const copies = who.map((x) => {
        try {
          return personalise(geometry, { examNumber: x.kaohao, name: x.name, className: x.className });
        } catch (e) {
          if (e instanceof PersonalSheetError) throw fail('personalCardNumberTooLong', { kaohao: x.kaohao });
          throw e;
        }
      });
      const bytes = Buffer.from(await renderPdf(copies, await cardFonts()));
      return { name: pdfName(c.subjectName).replace(/\.pdf$/, '（个性化）.pdf'), bytes };
    },

    /** Saves the card's recognition template (cardType online) and the options it was laid out with. */
    async save(
      subjectId: number,
      input: CardOptionsValue & { templateId?: number; mainTemplateName: string },
      actor: Actor,
    ): Promise<{ template: TemplateItem; cardId: string }> {
      const { templateId, mainTemplateName, ...options } = input;
      if (templateId) {
        const existing = (await d.templates.list(subjectId)).find((t) => t.id === templateId);
        if (existing && existing.cardType !== 'online') throw fail('thirdPartyTemplateNotOverwritable');
      }
      const { c, o, geometry } = await laidOut(subjectId, options);
      const laid = cardTemplate(geometry, { dpi: CARD_DPI });
      const problems = templateProblems(laid, c.structure);
      if (problems.length) throw fail('cardQuestionsMismatch', { problems: problems.join('；') });
      // the printed pages as the template's pictures: 题块框选 and the cut preview draw on them; the same
      // drawing (saved again unchanged) takes the pictures it was rendered to before
      const pictures = await d.images.renderedOnce(
        subjectId,
        drawingOf(geometry),
        async () => (await pdfOf(c, geometry)).bytes,
        CARD_DPI,
      );
      const body = { ...laid, pages: laid.pages.map((p, i) => ({ ...p, image: pictures[i] })) };
      const template = await d.templates.save(
        subjectId,
        {
          ...(templateId ? { id: templateId } : {}),
          mainTemplateName,
          cardType: 'online',
          colorType: 'gray',
          dpiValue: CARD_DPI,
          isDoubleTemplate: o.twoSided,
          body,
        },
        actor,
        // the resolved options, with the template in one transaction: the card stays the same when
        // examinees are added later
        (tx, saved) => d.repo(tx).put(saved.id, subjectId, o),
      );
      // the card is where the answers are written: its blocks are cut from its boxes without 采用 one by one
      await d.blocks.takeRegionsFromCard(subjectId, actor);
      return { template, cardId: geometry.cardId };
    },

    /**
     * POST /api/subject/{subjectId}/dtk/{dtkId}: a saved online card (dtk) laid out again from the
     * subject's structure as it is now, with the options it was saved with, and its template saved over
     * (same template, same name) — what an outdated card needs before it is printed or scanned.
     */
    async refresh(
      subjectId: number,
      dtkId: number,
      actor: Actor,
    ): Promise<{ template: TemplateItem; cardId: string }> {
      const saved = await savedCard(subjectId, dtkId);
      return this.save(
        subjectId,
        { ...saved.options, templateId: dtkId, mainTemplateName: saved.template.mainTemplateName },
        actor,
      );
    },

    /** The subject's saved online cards, each marked outdated when the structure changed since saving. */
    async list(subjectId: number): Promise<CardItem[]> {
      const designs = new Map((await d.repo(d.db).ofSubject(subjectId)).map((x) => [x.templateId, x]));
      const c = await context(subjectId);
      return (await onlineTemplates(subjectId)).flatMap((t) => {
        const design = designs.get(t.id);
        if (!design) return [];
        const o = resolveOptions(design.options, c.kaohaoDigits ?? digitsOf(undefined));
        return [
          {
            templateId: t.id,
            mainTemplateName: t.mainTemplateName,
            pages: t.pages,
            paper: o.paper,
            columns: o.columns,
            twoSided: o.twoSided,
            updatedAt: t.updatedAt,
            current: cardIdOf(subjectId, c.structure, o) === t.body.id,
            barcode: o.examNumber.kind === 'barcode',
          },
        ];
      });
    },
  };
}
export type CardService = ReturnType<typeof cardService>;
