import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppDeps } from './app';
import type { Health } from '@yj/contracts';
import { accountRoutes } from './modules/auth/account.routes';
import { accountService } from './modules/auth/account.service';
import { auditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { captchaService } from './modules/auth/captcha';
import { guardRepo } from './modules/auth/guard.repo';
import { resetService } from './modules/auth/reset.service';
import { sessionRepo } from './modules/auth/session.repo';
import { sessionService } from './modules/auth/session.service';
import { userRepo } from './modules/auth/user.repo';
import { homeRoutes } from './modules/home/home.routes';
import { homeService } from './modules/home/home.service';
import { messageRoutes } from './modules/message/message.routes';
import { messageService } from './modules/message/message.service';
import { noticeRoutes } from './modules/notice/notice.routes';
import { noticeService } from './modules/notice/notice.service';
import { schoolRoutes } from './modules/school/school.routes';
import { schoolService } from './modules/school/school.service';
import { gradeRoutes } from './modules/school/grade.routes';
import { gradeService } from './modules/school/grade.service';
import { studentRoutes } from './modules/school/student.routes';
import { adminRoutes } from './modules/school/admin.routes';
import { adminService } from './modules/school/admin.service';
import { teacherRoutes } from './modules/school/teacher.routes';
import { teacherService } from './modules/school/teacher.service';
import { orgRoutes } from './modules/org/org.routes';
import { orgService } from './modules/org/org.service';
import { auditQueryService } from './modules/audit/audit-query.service';
import { examScopes } from './modules/exam/exam-scope';
import { examRoutes } from './modules/exam/exam.routes';
import { examService } from './modules/exam/exam.service';
import { examineeRoutes } from './modules/exam/examinee.routes';
import { examineeService } from './modules/exam/examinee.service';
import { roleRoutes } from './modules/exam/role.routes';
import { roleService } from './modules/exam/role.service';
import { reportRoutes } from './modules/report/report.routes';
import { reportService } from './modules/report/report.service';
import { questionRoutes } from './modules/question/question.routes';
import { questionService } from './modules/question/question.service';
import { blockRoutes } from './modules/block/block.routes';
import { blockPreviewService } from './modules/block/block-preview.service';
import { blockService } from './modules/block/block.service';
import { reviewerRoutes } from './modules/reviewer/reviewer.routes';
import { divideService } from './modules/reviewer/reviewer-divide';
import { reviewerExcel } from './modules/reviewer/reviewer-excel';
import { reviewerService } from './modules/reviewer/reviewer.service';
import { templateRoutes } from './modules/template/template.routes';
import { templateImageService } from './modules/template/template-image.service';
import { templateService } from './modules/template/template.service';
import { cardRoutes } from './modules/card/card.routes';
import { cardService } from './modules/card/card.service';
import { studentService } from './modules/school/student.service';
import { paperImageRepo } from './modules/scan/image/paper-image.repo';
import { paperImageService } from './modules/scan/image/paper-image.service';
import { recognizePool } from './modules/scan/recognition/scan-recognize';
import { pagePool } from './modules/scan/ingest/scan-pages';
import { registerScanJobs } from './modules/scan/recognition/scan.jobs';
import { scanJobDeps, scanMissing, scanModule } from './modules/scan/scan.module';
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
import { markingReset } from './modules/marking/marking-reset';
import { markingResetRoutes } from './modules/marking/marking-reset.routes';
import { markingReselect } from './modules/marking/marking-reselect';
import { markingReselectRoutes } from './modules/marking/marking-reselect.routes';
import { intelligentDetect } from './modules/intelligent/intelligent-detect';
import { intelligentGroupService } from './modules/intelligent/intelligent-group.service';
import { intelligentRoutes } from './modules/intelligent/intelligent.routes';
import { forgetIntelligentDecisions } from './modules/intelligent/intelligent.repo';
import { intelligentService } from './modules/intelligent/intelligent.service';
import { markingLeadViewService } from './modules/marking/marking-lead-view.service';
import { doneCheck } from './modules/marking/marking-counts';
import { createTasks, finalizer, refreshStripScores } from './modules/marking/marking-final';
import { scoreQueue } from './modules/marking/marking-score-queue';
import { qualityMonitor } from './modules/quality/quality-monitor';
import { qualityProgress } from './modules/quality/quality-progress';
import { qualityRoutes } from './modules/quality/quality.routes';
import { registerQualityJobs } from './modules/quality/quality.jobs';
import { registerReviewScheduleJob, reviewScheduleService } from './modules/subject/review-schedule';
import { subjectRepo } from './modules/subject/subject.repo';
import { subjectRoutes } from './modules/subject/subject.routes';
import { subjectService, type ReviewHooks } from './modules/subject/subject.service';
import { trialRoutes } from './modules/trial/trial.routes';
import { trialService } from './modules/trial/trial.service';
import { trialMarkService } from './modules/trial/trial-mark.service';
import { trialLeadService } from './modules/trial/trial-lead.service';
import { standardRates, standardService } from './modules/trial/standard.service';
import { qualityTestRoutes } from './modules/quality/quality-test.routes';
import { qualityTestService } from './modules/quality/quality-test.service';
import { spotService } from './modules/quality/spot.service';
import { hiddenProblems } from './modules/quality/hidden-problems';
import { jobs } from './infra/jobs';
import { memoryQueue } from './infra/queue';
import { registerScoreJobs, scoreCompute } from './modules/score/score-compute';
import { scoreRoutes } from './modules/score/score.routes';
import { allScoreService } from './modules/export/all-score.service';
import { exportQueue, registerExportJobs } from './modules/export/export.jobs';
import { exportRoutes } from './modules/export/export.routes';
import { exportService } from './modules/export/export.service';
import { scoreImportService } from './modules/export/score-import.service';
import { scoreService } from './modules/score/score.service';
import { scoreAdjustService } from './modules/score/score-adjust.service';
import { scoreKaohaoService } from './modules/score/score-kaohao.service';
import { scoreIrregularService } from './modules/score/score-irregular.service';
import { registerPublishScheduleJob, scorePublishService } from './modules/score/score-publish.service';
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
  const audit = auditService();
  const sessions = sessionService(sessionRepo(db), {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    cacheMs: config.sessionCacheMs,
  });
  const users = userRepo(db);
  const guard = guardRepo(db);
  const captcha = captchaService(guard);
  const auth = authService({ db, users, guard, sessions, captcha, audit });
  const reset = resetService({
    db,
    users,
    guard,
    sessions,
    sms: deps.sms,
    audit,
    dailyLimit: config.smsDailyLimit,
  });
  const account = accountService({ db, users, sessions, storage: deps.storage, audit });

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
      noticeRoutes(api, { notice: noticeService({ db, audit }) });
      homeRoutes(api, { home: homeService({ db }) });
      messageRoutes(api, { messages: messageService({ db }) });
      const school = schoolService({ db });
      const log = auditQueryService({ db });
      schoolRoutes(api, { school, log });
      gradeRoutes(api, { grades: gradeService({ db, audit }) });
      studentRoutes(api, { students: studentService({ db, audit }), school });
      const teachers = teacherService({ db, audit, sms: deps.sms, users: userRepo });
      teacherRoutes(api, { teachers, school });
      const admins = adminService({ db, audit, users: userRepo });
      adminRoutes(api, { admins });
      const org = orgService({ db, audit, admins });
      orgRoutes(api, { org });
      const scopes = examScopes(db);
      const exams = examService({ db, audit });
      examRoutes(api, { exams, scopes, log, org });
      // the shared queue (in-process, or BullMQ with REDIS_URL): recognition and re-scoring, any worker may take them
      const shared = jobs(deps.queue);
      const scoring = scoreCompute({ db, queue: shared, lanes: deps.database.kind === 'pglite' ? 1 : 2 });
      registerScoreJobs(shared, scoring);
      // a change of a block score marks the paper's subject score stale in its transaction; a batched job
      // re-derives it (marking-score-queue.ts), the score pages and 阅卷完成 flush their subject first
      const stale = scoreQueue({ db, derive: scoring.examinees });
      app.addHook('onClose', async () => stale.close());
      reviewHooks.onReviewDone = (tx, subjectId) => stale.flushIn(tx, subjectId);
      examineeRoutes(api, { examinees: examineeService({ db, audit, scores: scoring.examinees }), scopes });
      const roles = roleService({ db, audit });
      roleRoutes(api, { roles, scopes, teachers, exams });
      const questions = questionService({ db, audit, exams, rescore: scoring.enqueue });
      questionRoutes(api, { questions, scopes });
      const templates = templateService({ db, audit, exams, questions });
      // PDF and TIFF pages are rendered on worker threads, off the event loop every request shares
      const pages = pagePool();
      app.addHook('onClose', () => pages.close());
      const images = templateImageService({ storage: deps.storage, pages });
      const blocks = blockService({ db, audit, exams, questions, templates });
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
      const cuts = blockPreviewService({ exams, blocks, templates, images: paperImages });
      blockRoutes(api, { blocks, cuts, scopes });
      const reviewers = reviewerService({ db, audit, exams, roles });
      reviewerRoutes(api, {
        reviewers,
        divide: divideService({ db, audit, exams, roles, reviewers }),
        excel: reviewerExcel({ db, audit, exams, roles, reviewers }),
        scopes,
      });
      templateRoutes(api, { templates, images, scopes });
      cardRoutes(api, { cards: cardService({ db, audit, exams, questions, templates, images }), scopes });
      const { scan, fix, view, finish, query } = scanModule({
        db,
        storage: deps.storage,
        queue: deps.queue,
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
        scores: scoreService({ db, audit, exams, compute: scoring, flush: stale.flush }),
        adjust: scoreAdjustService({ db, audit, exams, compute: scoring }),
        irregular: scoreIrregularService({ db, audit, exams, compute: scoring }),
        kaohao: scoreKaohaoService({ db, audit, exams, compute: scoring }),
        scopes,
      });
      const exportJobs = exportQueue(app);
      const exports = exportService({ db, storage: deps.storage, audit, exams, queue: exportJobs.jobs });
      registerExportJobs(app, exportJobs, exports);
      exportRoutes(api, {
        exports,
        allScore: allScoreService({ db, exams, audit }),
        imports: scoreImportService({ db, audit, exams }),
        scopes,
      });
      reportRoutes(api, { reports: reportService({ db, audit }), scopes });
      toolRoutes(api, { scanAgent: scanAgentPackager(config.dataDir) });
      const pool = recognizePool();
      app.addHook('onClose', () => pool.close());
      registerScanJobs(deps.queue, scanJobDeps({ db, storage: deps.storage, pool, scores: scoring.paper }));
      // the marking module's answers other modules ask for (trial): a user's roles in a block
      const blockRoles = (blockId: number, userId: number) => markingRepo.roles(db, blockId, userId);
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
      const marking = markingService({
        db,
        paperImage: paperImages.paperImage,
        paperImages: paperImages.paperImages,
        finalize,
        standard,
      });
      cutSubject = marking.cutSubject;
      const onMarking = markingScopes(db, scopes);
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
        origin: markingOrigin({ db, storage: deps.storage }),
        overview: markingOverview({ db }),
        scopes,
        marking: onMarking,
      });
      markingResetRoutes(api, {
        reset: markingReset({
          db,
          audit,
          finalize,
          onScores: (tx, paperIds) => stale.markMany(tx, paperIds),
          onDiscard: forgetIntelligentDecisions,
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
          onDiscard: forgetIntelligentDecisions,
        }),
        scopes,
      });
      // 智能辅助: detection runs in this process (they read the stored pages), one at a time
      const intelligentJobs = memoryQueue(app.log, 1);
      app.addHook('onClose', () => intelligentJobs.close());
      const detect = intelligentDetect({
        db,
        queue: intelligentJobs,
        paperImage: paperImages.paperImage,
        templates,
        images,
      });
      intelligentRoutes(api, {
        intelligent: intelligentService({
          db,
          audit,
          finalize,
          access: leadAccess(() => markingLeadRepo(db)),
          detect,
          onScores: (tx, paperIds) => stale.markMany(tx, paperIds),
        }),
        groups: intelligentGroupService({ db, finalize, paperImage: paperImages.paperImage }),
        scopes,
      });
      // Work of this API process alone, never on the shared Redis queue: a recognition worker there has no task
      // pool. The pool's minute jobs and quality's 30 s check (idempotent when several processes run them), and
      // the review and publish times (each process arms them again on start; the job re-reads the subject under
      // a row lock, so a time fired twice acts once). One in-process queue for all of them.
      const localQueue = memoryQueue(app.log, 4);
      const local = jobs(localQueue);
      const stopMarkingJobs = registerMarkingJobs(localQueue, { db, cutSubject: marking.cutSubject });
      const monitor = qualityMonitor({ db, audit, rates });
      qualityRoutes(api, { progress: qualityProgress({ db }), monitor, scopes, marking: onMarking });
      // 质检: setting/qualitytest, quality-test/progress2 and report, the leaders' spot checks
      qualityTestRoutes(api, {
        db,
        test: qualityTestService({ db, audit, rates }),
        spot: spotService({ db, paperImage: paperImages.paperImage }),
        scopes,
        marking: onMarking,
      });
      const stopQualityJobs = registerQualityJobs(localQueue, { db, monitor });
      app.addHook('onClose', async () => {
        stopMarkingJobs();
        stopQualityJobs();
        await localQueue.close();
      });
      const subjects = subjectService({ db, audit, scanMissing, hooks: reviewHooks });
      const schedule = reviewScheduleService({ db, audit, queue: local, subjects });
      registerReviewScheduleJob(local, schedule);
      subjectRoutes(api, { subjects, schedule, scopes });
      // publish times wait beside the review times, for the same reasons
      const publish = scorePublishService({
        db,
        audit,
        queue: local,
        subjects,
        compute: scoring,
        scopes,
        stripScores: refreshStripScores,
        subjectRows: subjectRepo,
      });
      registerPublishScheduleJob(local, publish);
      scorePublishRoutes(api, { publish, scopes });
      trialRoutes(api, {
        db,
        trial: trialService({ db, subjects }),
        marks: trialMarkService({ db, paperImage: paperImages.paperImage, roles: blockRoles }),
        lead: trialLeadService({
          db,
          audit,
          paperImage: paperImages.paperImage,
          rates,
          access: leadAccess(() => markingLeadRepo(db)),
          roles: blockRoles,
        }),
        scopes,
        marking: onMarking,
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
