import type { BlockRegion } from '@yj/contracts';
import {
  answerSignature,
  type AnswerSignature,
  cutRegion,
  groupAnswers,
  measureInk,
  printedBackground,
  signatureDistance,
  stackImages,
  type GreyImage,
} from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
import type { Db } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { TemplateImageService } from '../template/template-image.service';
import type { TemplateService } from '../template/template.service';
import type { intelligentRepo } from './intelligent.repo';

/** Between two regions of one block: as block-cut.ts stacks them, so a cut and its blank region match. */
const GAP = 12;
/** Papers whose cuts estimate the printed background when the template has no picture of the card. */
const BACKGROUND_SAMPLE = 31;
const MIN_BACKGROUND = 5;
/** Attempts of a run before it is marked failed (a storage hiccup, a restart of the database). */
const ATTEMPTS = 3;
/** Progress written every this many papers. */
const EVERY = 10;

type PaperImage = (regions: BlockRegion[], paperId: number) => Promise<Buffer>;

/**
 * The detection runs of 智能辅助, one background job per run (in-process: they need the stored pages). A run
 * is idempotent: each paper's measure is an upsert, a rerun of the job skips papers it measured already.
 * Failures are retried (ATTEMPTS, with back-off); the last one marks the run failed with its reason.
 */
export function intelligentDetect(d: {
  db: Db;
  queue: Jobs;
  paperImage: PaperImage;
  templates: TemplateService;
  images: TemplateImageService;
  repo: typeof intelligentRepo;
}) {
  const repo = () => d.repo(d.db);

  async function blockOf(blockId: number) {
    const b = await repo().block(blockId);
    if (!b) throw new Error('题块不存在');
    if (!b.regions.length) throw new Error('题块还没有框选区域');
    return b;
  }

  const cutOf = async (regions: BlockRegion[], paperId: number) =>
    decodeGrey(await d.paperImage(regions, paperId));

  /**
   * The printed blank region of the block: the template's picture of the card cut like a paper, or, when the
   * template stores none (a card built online), the background of the first papers' cuts.
   */
  async function blankRegion(
    subjectId: number,
    regions: BlockRegion[],
    papers: number[],
  ): Promise<GreyImage> {
    const card = (await d.templates.forScanning(subjectId))?.body;
    const keys = regions.map((r) => card?.pages.find((p) => p.index === r.page)?.image);
    if (card && keys.every(Boolean)) {
      const parts: GreyImage[] = [];
      for (const [i, r] of regions.entries()) {
        const page = await decodeGrey(await d.images.image(subjectId, keys[i]!));
        parts.push(cutRegion(page, [1, 0, 0, 0, 1, 0, 0, 0, 1], r));
      }
      return stackImages(parts, GAP);
    }
    if (papers.length < MIN_BACKGROUND)
      throw new Error(`模板没有答题卡图片，至少需要 ${MIN_BACKGROUND} 份未阅的答卷才能估计空白区域`);
    const sample: GreyImage[] = [];
    // spread over the block: every k-th paper, not the first scanned
    const step = Math.max(1, Math.floor(papers.length / BACKGROUND_SAMPLE));
    for (let i = 0; i < papers.length && sample.length < BACKGROUND_SAMPLE; i += step)
      sample.push(await cutOf(regions, papers[i]!));
    return printedBackground(sample);
  }

  async function blankRun(runId: number, blockId: number): Promise<void> {
    const b = await blockOf(blockId);
    const papers = await repo().blankCandidates(blockId);
    await repo().progress(runId, { status: 'running', total: papers.length });
    if (!papers.length) return void (await repo().progress(runId, { status: 'done', done: 0, found: 0 }));
    const blank = await blankRegion(b.subject_id, b.regions, papers);
    const done = await repo().measuredIn(runId);
    let n = done.size;
    for (const paperId of papers) {
      if (done.has(paperId)) continue;
      const cut = await cutOf(b.regions, paperId);
      // a cut of another size (the block's regions changed meanwhile) is no evidence either way: not blank
      const m =
        cut.width === blank.width && cut.height === blank.height
          ? measureInk(cut, blank)
          : { ink: -1, excess: 0, blank: false };
      await repo().saveMeasure(blockId, paperId, runId, m);
      if (++n % EVERY === 0) await repo().progress(runId, { done: n });
    }
    const [c] = await repo().blankCounts([blockId], null);
    await repo().progress(runId, { status: 'done', done: papers.length, found: c?.detected ?? 0 });
  }

  async function groupRun(runId: number, blockId: number): Promise<void> {
    const b = await blockOf(blockId);
    const papers = await repo().groupCandidates(blockId);
    await repo().progress(runId, { status: 'running', total: papers.length });
    const blank = papers.length ? await blankRegion(b.subject_id, b.regions, papers) : null;
    const sigs: AnswerSignature[] = [];
    let n = 0;
    for (const paperId of papers) {
      const cut = await cutOf(b.regions, paperId);
      sigs.push(
        cut.width === blank!.width && cut.height === blank!.height
          ? answerSignature(cut, blank!)
          : { grid: new Float32Array(0), aspect: 1, ink: 0, lines: 0 },
      );
      if (++n % EVERY === 0) await repo().progress(runId, { done: n });
    }
    const groups = groupAnswers(sigs).filter((g) => g.length >= 2);
    // the groups replace the waiting ones in one transaction: a marker never sees half a run
    await d.db.transaction(async (tx) => {
      const r = d.repo(tx);
      await r.clearWaitingGroups(blockId);
      for (const g of groups)
        await r.createGroup(
          blockId,
          runId,
          g.map((i) => ({
            paperId: papers[i]!,
            distance: Math.round(signatureDistance(sigs[g[0]!]!, sigs[i]!) * 1000) / 1000,
          })),
        );
      await r.progress(runId, { status: 'done', done: papers.length, found: groups.length });
    });
  }

  d.queue.register('intelligent.run', async ({ runId }) => {
    const run = await repo().run(runId);
    if (!run || run.status === 'done' || run.status === 'failed') return 'skipped';
    for (let attempt = 1; ; attempt++) {
      try {
        if (run.kind === 'blank') await blankRun(runId, run.block_id);
        else await groupRun(runId, run.block_id);
        return 'done';
      } catch (err) {
        if (attempt >= ATTEMPTS) {
          const message = err instanceof Error ? err.message : String(err);
          await repo().progress(runId, { status: 'failed', error: message.slice(0, 300) });
          return 'failed';
        }
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
    }
  });

  return {
    /** Queues the run (once per run id). */
    start: (runId: number) =>
      d.queue.enqueue('intelligent.run', { runId }, { jobId: String(runId), attempts: 1 }),
    /** Runs a restart interrupted go on (each skips the papers it measured already). */
    async resume(): Promise<void> {
      const open = await repo().openRuns();
      for (const r of open)
        await d.queue.enqueue('intelligent.run', { runId: r.id }, { jobId: String(r.id), attempts: 1 });
    },
  };
}
export type IntelligentDetect = ReturnType<typeof intelligentDetect>;
