import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppDeps } from './app';
import type { Health } from '@yj/contracts';
import { jpegDecoder } from '@yj/omr/node';
import { accountRoutes } from './modules/auth/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authModule } from './modules/auth/auth.module';
import { auditModule } from './modules/audit/audit.module';
import { homeModule } from './modules/home/home.module';
import { messageModule } from './modules/message/message.module';
import { noticeModule } from './modules/notice/notice.module';
import { todoModule } from './modules/todo/todo.module';
import { todoRoutes } from './modules/todo/todo.routes';
import { orgModule } from './modules/org/org.module';
import { bureauModule } from './modules/bureau/bureau.module';
import { bureauRoutes } from './modules/bureau/bureau.routes';
import { userRepo } from './modules/auth/user.repo';
import { homeRoutes } from './modules/home/home.routes';
import { messageRoutes } from './modules/message/message.routes';
import { noticeRoutes } from './modules/notice/notice.routes';
import { schoolRoutes } from './modules/school/school.routes';
import { schoolModule } from './modules/school/school.module';
import { gradeRoutes } from './modules/school/grade.routes';
import { studentRoutes } from './modules/school/student.routes';
import { admissionRoutes } from './modules/school/admission.routes';
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
import { templateMismatches, templateModule } from './modules/template/template.module';
import { cardRoutes } from './modules/card/card.routes';
import { cardModule } from './modules/card/card.module';
import { quizModule } from './modules/quiz/quiz.module';
import { quizRoutes } from './modules/quiz/quiz.routes';
import { recognizePool } from './modules/scan/recognition/scan-recognize';
import { pagePool } from './modules/upload/scan-pages';
import { registerScanJobs } from './modules/scan/recognition/scan.jobs';
import { scanJobDeps, scanMissing, scanModule, scanPaperImages } from './modules/scan/scan.module';
import { blockRegionsOf } from './modules/block/block-framed';
import { cutPool } from './modules/scan/image/cut-pool';
import { scanRoutes } from './modules/scan/scan.routes';
import { scanAgentPackager } from './modules/tool/scan-agent-package';
import { toolRoutes } from './modules/tool/tool.routes';
import { markingRoutes } from './modules/marking/pool/marking.routes';
import { markingModule, markingPorts } from './modules/marking/marking.module';
import type { Discard } from './modules/marking/reset/marking-reset';
import { markingLeadRoutes } from './modules/marking/lead/marking-lead.routes';
import { markingBookRoutes } from './modules/marking/book/marking-book.routes';
import { problemOriginRoutes } from './modules/marking/lead/problem-origin.routes';
import { markingResetRoutes } from './modules/marking/reset/marking-reset.routes';
import { markingReselectRoutes } from './modules/marking/reset/marking-reselect.routes';
import { intelligentRoutes } from './modules/intelligent/intelligent.routes';
import { forgetIntelligentDecisions, intelligentModule } from './modules/intelligent/intelligent.module';
import { qualityRoutes } from './modules/quality/quality.routes';
import { forgetQualityRecords, qualityHiddenProblems, qualityModule } from './modules/quality/quality.module';
import { assertNotPaused } from './modules/quality/quality-pause';
import { subjectRepo } from './modules/subject/subject.repo';
import { subjectRoutes } from './modules/subject/subject.routes';
import { subjectModule } from './modules/subject/subject.module';
import { trialRoutes } from './modules/trial/trial.routes';
import { trialModule, trialStandard } from './modules/trial/trial.module';
import { qualityTestRoutes } from './modules/quality/quality-test.routes';
import { jobs } from './infra/jobs';
import { memoryQueue } from './infra/queue';
import { registerScoreJobs } from './modules/score-compute/score-compute';
import { scoreRoutes } from './modules/score/score.routes';
import { scoreComputing } from './modules/score-compute/score-compute.module';
import { scoreModule, scorePublishing } from './modules/score/score.module';
import { exportRoutes } from './modules/export/export.routes';
import { exportModule } from './modules/export/export.module';
import { scorePublishRoutes } from './modules/score/score-publish.routes';
import { portalModule } from './modules/portal/portal.module';
import { portalAdminRoutes, portalRoutes } from './modules/portal/portal.routes';
import { onlineModule } from './modules/online/online.module';
import { onlineRoutes } from './modules/online/online.routes';
import { taskModule } from './modules/task/task.module';
import { taskRoutes } from './modules/task/task.routes';
import { monitorModule } from './modules/monitor/monitor.module';
import { monitorRoutes } from './modules/monitor/monitor.routes';
import { API_PREFIX, registerAuth } from './plugins/auth';
import { registerEnvFlag } from './plugins/env-flag';
import { ok } from './plugins/http';

export const VERSION = '0.1.0';

/** The composition root of the API: repositories and services wired by hand, then every module's routes under /filter. */
export async function registerApi(app: FastifyInstance, config: Config, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const { audit, log } = auditModule({ db });
  const { sessions, captcha, auth, reset, bindPhone, scanLogin, account } = authModule({
    db,
    audit,
    sms: deps.sms,
    storage: deps.storage,
    sessions: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, cacheMs: config.sessionCacheMs },
    smsDailyLimit: config.smsDailyLimit,
  });

  registerAuth(app, { sessions });
  // 系统维护: the flag is read before the first request and kept in memory (env-flag.service.ts)
  const { notice, envFlag } = noticeModule({ db, audit });
  await envFlag.refresh();
  if (config.envFlagRefreshMs > 0) {
    const timer = setInterval(
      () => void envFlag.refresh().catch((e: unknown) => app.log.warn({ err: e }, 'env flag refresh failed')),
      config.envFlagRefreshMs,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  registerEnvFlag(app, { current: envFlag.current });

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
        bindPhone,
        scanLogin,
        captcha,
        sessionIdleMs: config.sessionIdleMs,
        loginRateLimit: config.loginRateLimit,
      });
      accountRoutes(api, { account });
      noticeRoutes(api, { notice, envFlag, smsProvider: config.smsProvider });
      homeRoutes(api, homeModule({ db }));
      const { school, grades, students, teachers, admins, admissions } = schoolModule({
        db,
        audit,
        sms: deps.sms,
        users: userRepo,
      });
      schoolRoutes(api, { school, log });
      gradeRoutes(api, { grades });
      studentRoutes(api, { students, school });
      admissionRoutes(api, { admissions, school });
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
      // what other modules are given of marking (the leaders' access, a user's roles in a block …) comes first
      const markingFor = markingPorts({ db, derive: scoring.examinees });
      const { stale } = markingFor;
      // 站内消息, and the system messages of the lifecycle and of the markers' progress (marking's one progress)
      const { messages, events } = messageModule({ db, audit, progress: markingFor.progress });
      app.addHook('onClose', async () => stale.close());
      examineeRoutes(api, { examinees, scopes });
      roleRoutes(api, { roles, scopes, teachers, exams });
      const { questions } = questionModule({ db, audit, exams, rescore: scoring.enqueue });
      questionRoutes(api, { questions, scopes });
      // PDF and TIFF pages are rendered on worker threads, off the event loop every request shares
      const pages = pagePool();
      // stopped before the server waits for its requests: a render in flight must not hold up a restart
      app.addHook('preClose', () => pages.close());
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
      const paperImages = scanPaperImages({
        db,
        storage: deps.storage,
        templatePicture: images.image,
        pool: cutter,
      });
      const { blocks, cuts } = blockModule({ db, audit, exams, questions, templates, images: paperImages });
      blockRoutes(api, { blocks, cuts, scopes });
      reviewerRoutes(api, { ...reviewerModule({ db, audit, exams, roles }), scopes });
      templateRoutes(api, { templates, images, scopes });
      const { cards } = cardModule({ db, audit, exams, questions, templates, images, examinees, blocks });
      cardRoutes(api, { cards, scopes });
      // 课堂小测 (issue 33): an exam of type quiz made in one step; its card is the online card
      quizRoutes(api, { ...quizModule({ db, audit, cards }), scopes });
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
        onResolved: markingFor.onScanResolved,
      });
      scanRoutes(api, { scan, query, fix, view, finish, scopes });
      // the bureau (issue 35): its schools, 联考 and every school's progress, read through the modules' services
      bureauRoutes(api, {
        ...bureauModule({
          db,
          audit,
          admins,
          scan: query,
          blocks,
          exams,
          progress: markingFor.progress,
        }),
        scopes,
      });
      const scoreParts = scoreModule({
        db,
        audit,
        exams,
        compute: scoring,
        templateFit: templateMismatches,
        flush: stale.flush,
      });
      scoreRoutes(api, { ...scoreParts, scopes });
      exportRoutes(api, { ...exportModule(app, { db, storage: deps.storage, audit, exams }), scopes });
      reportRoutes(api, {
        ...reportModule({ db, audit, paperImage: paperImages.paperImage }),
        scopes,
      });
      toolRoutes(api, {
        scanAgent: scanAgentPackager(config.dataDir, {
          log: (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)),
        }),
      });
      // 我的任务: the exports, recognition and 智能辅助 runs a person started, read where each already runs
      taskRoutes(api, taskModule({ db }));
      // the page-static monitor and click tracking: counters per day, page and school type, nobody named
      monitorRoutes(api, monitorModule({ db }));
      // 学生端 / 家长端 (issue 32): their accounts and sign-in on the staff's path, published results only
      const portal = {
        ...portalModule({
          db,
          audit,
          storage: deps.storage,
          auth,
          reset,
          sessions,
          paperImage: paperImages.paperImage,
        }),
        scopes,
        sessionIdleMs: config.sessionIdleMs,
        loginRateLimit: config.loginRateLimit,
      };
      portalAdminRoutes(api, portal);
      portalRoutes(api, portal);
      // 在线考试 (issue 34): the school's setting and lifecycle operations, the students' sitting on 学生端
      const online = onlineModule({
        db,
        audit,
        self: portal.self,
        storage: deps.storage,
        scores: scoring.paper,
      });
      onlineRoutes(api, {
        online: online.online,
        sit: online.sit,
        docx: online.docx,
        photos: online.photos,
        images: online.images,
        scopes,
      });
      const pool = recognizePool();
      app.addHook('onClose', () => pool.close());
      // libjpeg-turbo native, or its WebAssembly build where the native binary cannot load or YJ_JPEG_DECODER=wasm
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
      // 质检: the hidden papers (标准卷, a marker's own paper again) mixed into the markers' streams, stored apart
      // (modules/trial/standard.service.ts); `rates` is the claim's one cached read of block_quality
      const { rates, standard } = trialStandard({
        db,
        paperImage: paperImages.paperImage,
        notPaused: assertNotPaused,
      });
      const hidden = qualityHiddenProblems({
        db,
        audit,
        paperImage: paperImages.paperImage,
        access: markingFor.access,
      });
      const quality = qualityModule({
        db,
        audit,
        rates,
        paperImage: paperImages.paperImage,
        papers: markingFor.progress,
      });
      // discarded marks (重置阅卷, 重新选题): 智能辅助's decisions on the papers go, the quality records are voided
      const forgetOnDiscard: Discard = async (tx, blockId, paperIds, userId) => {
        await forgetIntelligentDecisions(tx, blockId, paperIds);
        return { ...(await forgetQualityRecords(tx, blockId, userId)) };
      };
      const {
        marking,
        history,
        tasks,
        mine,
        scopes: onMarking,
        origin,
        finalize,
        lead,
        view: leadView,
        overview,
        reset: markingResetting,
        reselect,
        reviewHooks,
        registerJobs: registerMarkingJobs,
      } = markingModule({
        db,
        audit,
        scopes,
        questions,
        images: paperImages,
        standard,
        hidden,
        onScore: scoring.paper,
        onDiscard: forgetOnDiscard,
        // a pair completed or a 标准卷 submitted: the bias rule judges its markers at once
        onEvidence: quality.judge,
        ports: markingFor,
      });
      markingRoutes(api, { tasks, marking, history, scopes: onMarking, standard });
      messageRoutes(api, {
        messages,
        scopes: { examParam: scopes.examParam, blockParam: onMarking.blockParam },
      });
      markingLeadRoutes(api, { lead, view: leadView, scopes, marking: onMarking, hidden });
      markingBookRoutes(api, { mine, origin, overview, scopes, marking: onMarking });
      problemOriginRoutes(api, { view: leadView, origin, marking: onMarking });
      markingResetRoutes(api, { reset: markingResetting, scopes });
      markingReselectRoutes(api, { reselect, scopes });
      // 智能辅助: detection runs in this process (they read the stored pages), one at a time
      const intelligentJobs = memoryQueue(app.log, 1);
      app.addHook('onClose', () => intelligentJobs.close());
      const { detect, intelligent, blanks, groups } = intelligentModule({
        db,
        audit,
        queue: jobs(intelligentJobs),
        finalize,
        access: markingFor.access,
        paperImage: paperImages.paperImage,
        templates,
        images,
        onScores: (tx, paperIds) => stale.markMany(tx, paperIds),
        quota: markingFor.quota,
      });
      intelligentRoutes(api, { intelligent, blanks, groups, scopes });
      // Work of this API process alone, never on the shared Redis queue: a recognition worker there has no task
      // pool. The pool's minute jobs and quality's 30 s check (idempotent when several processes run them), and
      // the review and publish times (each process arms them again on start; the job re-reads the subject under
      // a row lock, so a time fired twice acts once). One in-process queue for all of them.
      const localQueue = memoryQueue(app.log, 4);
      const local = jobs(localQueue);
      const stopMarkingJobs = registerMarkingJobs(local);
      qualityRoutes(api, {
        progress: quality.progress,
        monitor: quality.monitor,
        scopes,
        marking: onMarking,
      });
      // 质检: setting/qualitytest, quality-test/progress2 and report, the leaders' spot checks
      qualityTestRoutes(api, {
        spotBlock: quality.spotBlock,
        test: quality.test,
        spot: quality.spot,
        scopes,
        marking: onMarking,
      });
      const stopQualityJobs = quality.registerJobs(local);
      const stopMessageJobs = events.registerJobs(local);
      const stopOnlineJobs = online.registerJobs(local);
      app.addHook('onClose', async () => {
        stopMarkingJobs();
        stopQualityJobs();
        stopMessageJobs();
        stopOnlineJobs();
        await localQueue.close();
      });
      const { subjects, schedule } = subjectModule({
        db,
        audit,
        queue: local,
        startPorts: {
          scanMissing,
          templateFit: templateMismatches,
          onlineRegions: online.onlineRegions,
          makeupStart: online.makeupStart,
        },
        hooks: reviewHooks,
        onTransition: events.onTransition,
      });
      subjectRoutes(api, { subjects, schedule, scopes });
      // 待办 on the home page: marking's task list, the lifecycle's 阅卷完成 check, 成绩核查
      todoRoutes(
        api,
        todoModule({
          db,
          ports: { tasks, doneCheck: subjects.doneCheck, scoreCheck: scoreParts.scores.check },
        }),
      );
      // publish times wait beside the review times, for the same reasons
      const publish = scorePublishing({
        db,
        templateFit: templateMismatches,
        audit,
        queue: local,
        subjects,
        compute: scoring,
        scopes,
        stripScores: markingFor.stripScores,
        subjectRows: subjectRepo,
      });
      scorePublishRoutes(api, { publish, scopes });
      trialRoutes(api, {
        ...trialModule({
          db,
          audit,
          subjects,
          paperImage: paperImages.paperImage,
          rates,
          access: markingFor.access,
          roles: markingFor.roles,
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
