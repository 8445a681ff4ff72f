import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppDeps } from './app';
import type { Health } from '@yj/contracts';
import { ExamRole } from '@yj/contracts';
import { jpegDecoder } from '@yj/omr/node';
import { accountRoutes } from './modules/auth/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authModule } from './modules/auth/auth.module';
import { auditModule } from './modules/audit/audit.module';
import { homeModule } from './modules/home/home.module';
import { messageModule } from './modules/message/message.module';
import { noticeModule } from './modules/notice/notice.module';
import { orgModule } from './modules/org/org.module';
import { userRepo } from './modules/auth/user.repo';
import { homeRoutes } from './modules/home/home.routes';
import { messageRoutes } from './modules/message/message.routes';
import { noticeRoutes } from './modules/notice/notice.routes';
import { schoolRoutes } from './modules/school/school.routes';
import { schoolModule } from './modules/school/school.module';
import { gradeRoutes } from './modules/school/grade.routes';
import { studentRoutes } from './modules/school/student.routes';
import { adminRoutes } from './modules/school/admin.routes';
import { teacherRoutes } from './modules/school/teacher.routes';
import { orgRoutes } from './modules/org/org.routes';
import { examRoutes } from './modules/exam/exam.routes';
import { examModule } from './modules/exam/exam.module';
import { examineeRoutes } from './modules/exam/examinee.routes';
import { roleRoutes } from './modules/exam/role.routes';
import { reportRoutes } from './modules/report/report.routes';
import { reportModule } from './modules/report/report.module';
import { questionRoutes } from './modules/question/question.routes';
import { questionModule } from './modules/question/question.module';
import { blockRoutes } from './modules/block/block.routes';
import { blockModule } from './modules/block/block.module';
import { reviewerRoutes } from './modules/reviewer/reviewer.routes';
import { reviewerModule } from './modules/reviewer/reviewer.module';
import { templateRoutes } from './modules/template/template.routes';
import { templateModule } from './modules/template/template.module';
import { cardRoutes } from './modules/card/card.routes';
import { cardModule } from './modules/card/card.module';
import { paperImageRepo } from './modules/scan/image/paper-image.repo';
import { paperImageService } from './modules/scan/image/paper-image.service';
import { recognizePool } from './modules/scan/recognition/scan-recognize';
import { pagePool } from './modules/scan/ingest/scan-pages';
import { registerScanJobs } from './modules/scan/recognition/scan.jobs';
import { scanJobDeps, scanMissing, scanModule } from './modules/scan/scan.module';
import { blockRegionsOf } from './modules/block/block-framed';
import { cutPool } from './modules/scan/image/cut-pool';
import { scanRoutes } from './modules/scan/scan.routes';
import { scanAgentPackager } from './modules/tool/scan-agent-package';
import { toolRoutes } from './modules/tool/tool.routes';
import { markingHistory } from './modules/marking/marking-history';
import { registerMarkingJobs } from './modules/marking/marking.jobs';
import { markingRoutes } from './modules/marking/marking.routes';
import { markingScopes } from './modules/marking/marking-scope';
import { markingService } from './modules/marking/marking.service';
import { markingLeadRoutes } from './modules/marking/marking-lead.routes';
import { markingBookRoutes } from './modules/marking/marking-book.routes';
import { markingOrigin } from './modules/marking/marking-origin';
import { markingOverview } from './modules/marking/marking-overview';
import { markingLeadService } from './modules/marking/marking-lead.service';
import { markingLeadRepo, reopenScanProblems } from './modules/marking/marking-lead.repo';
import { leadAccess } from './modules/marking/marking-lead-access';
import { markingRepo } from './modules/marking/marking.repo';
import { markingReset, type Discard } from './modules/marking/marking-reset';
import { markingResetRoutes } from './modules/marking/marking-reset.routes';
import { markingReselect } from './modules/marking/marking-reselect';
import { markingReselectRoutes } from './modules/marking/marking-reselect.routes';
import { intelligentRoutes } from './modules/intelligent/intelligent.routes';
import { forgetIntelligentDecisions, intelligentModule } from './modules/intelligent/intelligent.module';
import { markingLeadViewService } from './modules/marking/marking-lead-view.service';
import { doneCheck } from './modules/marking/marking-counts';
import { createTasks, finalizer, refreshStripScores } from './modules/marking/marking-final';
import { scoreQueue } from './modules/marking/marking-score-queue';
import { qualityRoutes } from './modules/quality/quality.routes';
import { forgetQualityRecords, qualityModule } from './modules/quality/quality.module';
import { subjectRepo } from './modules/subject/subject.repo';
import { subjectRoutes } from './modules/subject/subject.routes';
import type { ReviewHooks } from './modules/subject/subject.service';
import { subjectModule } from './modules/subject/subject.module';
import { trialRoutes } from './modules/trial/trial.routes';
import { trialModule } from './modules/trial/trial.module';
import { standardRates, standardService } from './modules/trial/standard.service';
import { qualityTestRoutes } from './modules/quality/quality-test.routes';
import { hiddenProblems } from './modules/quality/hidden-problems';
import { jobs } from './infra/jobs';
import { memoryQueue } from './infra/queue';
import { registerScoreJobs } from './modules/score/score-compute';
import { scoreRoutes } from './modules/score/score.routes';
import { scoreComputing, scoreModule, scorePublishing } from './modules/score/score.module';
import { exportRoutes } from './modules/export/export.routes';
import { exportModule } from './modules/export/export.module';
import { scorePublishRoutes } from './modules/score/score-publish.routes';
import { API_PREFIX, registerAuth } from './plugins/auth';
import { ok } from './plugins/http';

export const VERSION = '0.1.0';

/** The composition root of the API: repositories and services wired by hand, then every module's routes under /filter. */
export async function registerApi(app: FastifyInstance, config: Config, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  // The task pool plugs into the lifecycle: tasks created when marking starts, what is left before 阅卷完成.
  // set once the marking service exists (below): cuts a subject's block images ahead of its markers
  let cutSubject: ((subjectId: number) => void) | null = null;
  const reviewHooks: Partial<ReviewHooks> = {
    onReviewStart: async (tx, subjectId) => {
      await createTasks(tx, subjectId);
      // the walk reads the new tasks, committed by then (and the marking jobs' pass each minute runs it again)
      setTimeout(() => cutSubject?.(subjectId), 1_000).unref();
    },
    doneCheck: (subjectId) => doneCheck(db, subjectId),
  };
  const { audit, log } = auditModule({ db });
  const { sessions, captcha, auth, reset, account } = authModule({
    db,
    audit,
    sms: deps.sms,
    storage: deps.storage,
    sessions: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, cacheMs: config.sessionCacheMs },
    smsDailyLimit: config.smsDailyLimit,
  });

  registerAuth(app, { sessions });

  await app.register(
    async (api) => {
      api.get('/health', { config: { public: true } }, async () => {
        const [dbOk, queueOk] = await Promise.all([deps.database.ping(), deps.queue.ping()]);
        const health: Health = {
          status: dbOk && queueOk ? 'ok' : 'degraded',
          db: dbOk ? 'ok' : 'down',
          queue: { kind: deps.queue.kind, state: queueOk ? 'ok' : 'down' },
          version: VERSION,
        };
        return ok(health);
      });
      api.get('/openapi.json', { config: { public: true } }, async () => app.swagger());
      authRoutes(api, {
        auth,
        reset,
        captcha,
        sessionIdleMs: config.sessionIdleMs,
        loginRateLimit: config.loginRateLimit,
      });
      accountRoutes(api, { account });
      noticeRoutes(api, noticeModule({ db, audit }));
      homeRoutes(api, homeModule({ db }));
      messageRoutes(api, messageModule({ db }));
      const { school, grades, students, teachers, admins } = schoolModule({
        db,
        audit,
        sms: deps.sms,
        users: userRepo,
      });
      schoolRoutes(api, { school, log });
      gradeRoutes(api, { grades });
      studentRoutes(api, { students, school });
      teacherRoutes(api, { teachers, school });
      adminRoutes(api, { admins });
      const { org } = orgModule({ db, audit, admins });
      orgRoutes(api, { org });
      // the shared queue (in-process, or BullMQ with REDIS_URL): recognition and re-scoring, any worker may take them
      const shared = jobs(deps.queue);
      const scoring = scoreComputing({ db, queue: shared, lanes: deps.database.kind === 'pglite' ? 1 : 2 });
      registerScoreJobs(shared, scoring);
      const { scopes, exams, examinees, roles } = examModule({ db, audit, scores: scoring.examinees });
      examRoutes(api, { exams, scopes, log, org });
      // a change of a block score marks the paper's subject score stale in its transaction; a batched job
      // re-derives it (marking-score-queue.ts), the score pages and 阅卷完成 flush their subject first
      const stale = scoreQueue({ db, derive: scoring.examinees });
      app.addHook('onClose', async () => stale.close());
      reviewHooks.onReviewDone = (tx, subjectId) => stale.flushIn(tx, subjectId);
      examineeRoutes(api, { examinees, scopes });
      roleRoutes(api, { roles, scopes, teachers, exams });
      const { questions } = questionModule({ db, audit, exams, rescore: scoring.enqueue });
      questionRoutes(api, { questions, scopes });
      // PDF and TIFF pages are rendered on worker threads, off the event loop every request shares
      const pages = pagePool();
      app.addHook('onClose', () => pages.close());
      const { templates, images } = templateModule({
        db,
        audit,
        exams,
        questions,
        storage: deps.storage,
        pages,
      });
      // every cut of a scanned paper (blocks, marking, trial, quality): the scan module's paper images, the pixel
      // work on worker threads (cutting in the request path held up every marker's claim and submit)
      const cutter = cutPool();
      app.addHook('onClose', () => cutter.close());
      const paperImages = paperImageService({
        db,
        storage: deps.storage,
        repo: paperImageRepo,
        templatePicture: images.image,
        pool: cutter,
      });
      const { blocks, cuts } = blockModule({ db, audit, exams, questions, templates, images: paperImages });
      blockRoutes(api, { blocks, cuts, scopes });
      reviewerRoutes(api, { ...reviewerModule({ db, audit, exams, roles }), scopes });
      templateRoutes(api, { templates, images, scopes });
      cardRoutes(api, {
        ...cardModule({ db, audit, exams, questions, templates, images, examinees }),
        scopes,
      });
      const { scan, fix, view, finish, query } = scanModule({
        db,
        storage: deps.storage,
        queue: shared,
        audit,
        exams,
        templates,
        pages,
        images: paperImages,
        scores: scoring,
        subjectiveQuestions: questions.subjective,
        onResolved: reopenScanProblems,
      });
      scanRoutes(api, { scan, query, fix, view, finish, scopes });
      scoreRoutes(api, {
        ...scoreModule({ db, audit, exams, compute: scoring, flush: stale.flush }),
        scopes,
      });
      exportRoutes(api, { ...exportModule(app, { db, storage: deps.storage, audit, exams }), scopes });
      reportRoutes(api, {
        ...reportModule({ db, audit, paperImage: paperImages.paperImage }),
        scopes,
      });
      toolRoutes(api, { scanAgent: scanAgentPackager(config.dataDir) });
      const pool = recognizePool();
      app.addHook('onClose', () => pool.close());
      // libjpeg-turbo native, or its WebAssembly build where the native binary cannot load (same pixels)
      app.log.info({ jpegDecoder: jpegDecoder() }, 'JPEG decoder');
      registerScanJobs(
        shared,
        scanJobDeps({
          db,
          storage: deps.storage,
          pool,
          scores: scoring.paper,
          blockRegions: blockRegionsOf(db),
        }),
      );
      // the marking module's answers other modules ask for (trial): a user's roles in a block
      const blockRoles = (blockId: number, userId: number) => markingRepo.roles(db, blockId, userId);
      // originPicAndAnswer: the marker's screens and 试评 both show a paper's whole pages through it
      const origin = markingOrigin({ db, maskedPage: paperImages.maskedPage });
      const finalize = finalizer((tx, paperId) => stale.mark(tx, paperId));
      // 质检: the hidden papers (标准卷, a marker's own paper again) mixed into the markers' streams, stored apart
      // (modules/trial/standard.service.ts); `rates` is the claim's one cached read of block_quality
      const rates = standardRates(db);
      const standard = standardService({ db, rates, paperImage: paperImages.paperImage });
      const hidden = hiddenProblems({
        db,
        audit,
        paperImage: paperImages.paperImage,
        access: leadAccess(() => markingLeadRepo(db)),
      });
      const onMarking = markingScopes(db, scopes);
      const marking = markingService({
        db,
        paperImage: paperImages.paperImage,
        paperImages: paperImages.paperImages,
        finalize,
        standard,
        handedOut: onMarking.knowTask,
      });
      cutSubject = marking.cutSubject;
      markingRoutes(api, {
        db,
        marking,
        history: markingHistory({ db, finalize }),
        scopes: onMarking,
        standard,
      });
      markingLeadRoutes(api, {
        db,
        lead: markingLeadService({ db, audit, finalize, onScore: scoring.paper }),
        view: markingLeadViewService({ db, paperImage: paperImages.paperImage, hidden }),
        scopes,
        marking: onMarking,
        hidden,
      });
      markingBookRoutes(api, {
        db,
        origin,
        overview: markingOverview({ db }),
        scopes,
        marking: onMarking,
      });
      // discarded marks (重置阅卷, 重新选题): 智能辅助's decisions on the papers and the quality records go too
      const forgetOnDiscard: Discard = async (tx, blockId, paperIds, userId) => {
        await forgetIntelligentDecisions(tx, blockId, paperIds);
        return { ...(await forgetQualityRecords(tx, blockId, userId)) };
      };
      markingResetRoutes(api, {
        reset: markingReset({
          db,
          audit,
          finalize,
          onScores: (tx, paperIds) => stale.markMany(tx, paperIds),
          onDiscard: forgetOnDiscard,
        }),
        scopes,
      });
      markingReselectRoutes(api, {
        reselect: markingReselect({
          db,
          audit,
          questions,
          finalize,
          onScores: (tx, paperIds) => stale.markMany(tx, paperIds),
          onDiscard: forgetOnDiscard,
        }),
        scopes,
      });
      // 智能辅助: detection runs in this process (they read the stored pages), one at a time
      const intelligentJobs = memoryQueue(app.log, 1);
      app.addHook('onClose', () => intelligentJobs.close());
      const { detect, intelligent, blanks, groups } = intelligentModule({
        db,
        audit,
        queue: jobs(intelligentJobs),
        finalize,
        access: leadAccess(() => markingLeadRepo(db)),
        paperImage: paperImages.paperImage,
        templates,
        images,
        onScores: (tx, paperIds) => stale.markMany(tx, paperIds),
        quota: async (tx, blockId, userId) => {
          const me = await markingRepo.reviewer(tx, blockId, userId, ExamRole.reviewers, true);
          return { quota: me?.quota ?? null, used: await markingRepo.used(tx, blockId, userId) };
        },
      });
      intelligentRoutes(api, { intelligent, blanks, groups, scopes });
      // Work of this API process alone, never on the shared Redis queue: a recognition worker there has no task
      // pool. The pool's minute jobs and quality's 30 s check (idempotent when several processes run them), and
      // the review and publish times (each process arms them again on start; the job re-reads the subject under
      // a row lock, so a time fired twice acts once). One in-process queue for all of them.
      const localQueue = memoryQueue(app.log, 4);
      const local = jobs(localQueue);
      const stopMarkingJobs = registerMarkingJobs(local, { db, cutSubject: marking.cutSubject });
      const quality = qualityModule({ db, audit, rates, paperImage: paperImages.paperImage });
      qualityRoutes(api, {
        progress: quality.progress,
        monitor: quality.monitor,
        scopes,
        marking: onMarking,
      });
      // 质检: setting/qualitytest, quality-test/progress2 and report, the leaders' spot checks
      qualityTestRoutes(api, { db, test: quality.test, spot: quality.spot, scopes, marking: onMarking });
      const stopQualityJobs = quality.registerJobs(local);
      app.addHook('onClose', async () => {
        stopMarkingJobs();
        stopQualityJobs();
        await localQueue.close();
      });
      const { subjects, schedule } = subjectModule({
        db,
        audit,
        queue: local,
        scanMissing,
        hooks: reviewHooks,
      });
      subjectRoutes(api, { subjects, schedule, scopes });
      // publish times wait beside the review times, for the same reasons
      const publish = scorePublishing({
        db,
        audit,
        queue: local,
        subjects,
        compute: scoring,
        scopes,
        stripScores: refreshStripScores,
        subjectRows: subjectRepo,
      });
      scorePublishRoutes(api, { publish, scopes });
      trialRoutes(api, {
        db,
        ...trialModule({
          db,
          audit,
          subjects,
          paperImage: paperImages.paperImage,
          rates,
          access: leadAccess(() => markingLeadRepo(db)),
          roles: blockRoles,
        }),
        scopes,
        marking: onMarking,
        origin,
      });
      // pages acknowledged before a crash or restart are recognised now (jobs are idempotent);
      // review and publish times that passed while the server was down fire now, later ones are armed again
      api.addHook('onReady', async () => {
        await scan.resume();
        await schedule.resume();
        await publish.resume();
        await detect.resume();
      });
    },
    { prefix: API_PREFIX },
  );
}
