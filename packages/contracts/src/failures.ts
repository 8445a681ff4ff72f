// Every business failure of the server as data: its kind (camelCase, what went wrong), the `errCode` the envelope
// carries beside code 1, and its Chinese message (a function of the values it names, where it names any). The
// server raises failures by kind (apps/server/src/errors.ts `fail(kind, params)`); the web branches on `errCode`,
// never on message text. errCode ranges by area: 10xxx access, 11xxx auth, 12xxx school, 13xxx exam and subject,
// 14xxx question/block/template/card, 15xxx scan, 16xxx marking/trial/quality/intelligent, 17xxx score/report/export,
// 19xxx common. A new kind takes the next free errCode of its area; an errCode is never reused for another meaning.
// Kinds whose message is `p.reason` carry a text made elsewhere (a rule of packages/*, an Excel reader, a layout
// engine): the rule's own Chinese sentence. A kind answered with `data` says the data's shape above it.

type Param = string | number;

/** A failure with a fixed message, or one whose message names values. */
export type Failure =
  { errCode: number; message: string } | { errCode: number; message: (p: never) => string };

export const FAILURES = {
  // 10xxx Access and requests
  forbidden: { errCode: 10001, message: '无权限' },
  requestedWithMissing: { errCode: 10002, message: '非法请求：缺少 X-Requested-With 请求头' },
  // 11xxx Sign-in, passwords, SMS and picture captchas, the account
  avatarNotSet: { errCode: 11001, message: '该用户未设置头像' },
  oldPasswordWrong: { errCode: 11002, message: '原密码错误' },
  newPasswordSameAsOld: { errCode: 11003, message: '新密码不能与原密码相同' },
  avatarMissing: { errCode: 11004, message: '请选择头像图片' },
  avatarTooLarge: { errCode: 11005, message: '头像图片不能超过 2 MB' },
  avatarFormatUnsupported: { errCode: 11006, message: '头像必须是 JPG、PNG、WebP 或 GIF 图片' },
  /** data: a new picture captcha (captchaImage: url, verifyKey) */
  pictureCaptchaRequired: { errCode: 11007, message: '请输入图形验证码' },
  /** data: a new picture captcha (captchaImage) */
  pictureCaptchaWrong: { errCode: 11008, message: '图形验证码错误，请重新输入' },
  /** data: a picture captcha once the failures of the address reach the limit, else null */
  loginWrong: { errCode: 11009, message: '用户名或密码错误' },
  accountDisabled: { errCode: 11010, message: '账号已停用，请联系学校管理员' },
  /** data: { needChangePwd: true, changeToken } for the forced change */
  firstLoginPasswordChange: { errCode: 11011, message: '首次登录请修改密码' },
  passwordChangeTicketExpired: { errCode: 11012, message: '修改密码的凭证已失效，请重新登录' },
  accountNotFound: { errCode: 11013, message: '账号不存在' },
  newPasswordSameAsInitial: { errCode: 11014, message: '新密码不能与初始密码相同' },
  smsCodeExpired: { errCode: 11015, message: '验证码已失效，请重新获取' },
  smsCodeTooManyWrong: { errCode: 11016, message: '验证码错误次数过多，请重新获取' },
  smsCodeWrong: { errCode: 11017, message: '验证码错误' },
  resetTicketExpired: { errCode: 11018, message: '重置凭证已失效，请重新验证手机号' },
  smsSendTooOften: {
    errCode: 11019,
    message: (p: { seconds: Param }) => `验证码发送过于频繁，请 ${p.seconds} 秒后再试`,
  },
  passwordRejected: { errCode: 11020, message: (p: { reason: string }) => p.reason },
  avatarImageRequired: { errCode: 11021, message: '请上传头像图片' },
  // 12xxx Schools, bureaus, grades, classes, students, teachers, messages, tools
  messageNotFound: { errCode: 12001, message: '消息不存在' },
  parentBureauNotFound: { errCode: 12002, message: '上级教育局不存在' },
  bureauNotFound: { errCode: 12003, message: '所属教育局不存在' },
  notSchoolAdmin: { errCode: 12004, message: '该用户不是本校管理员' },
  lastSchoolAdmin: { errCode: 12005, message: '学校至少保留一名管理员' },
  adminNameRequired: { errCode: 12006, message: '该手机号尚未注册，请填写管理员姓名' },
  cannotRemoveSelfAdmin: { errCode: 12007, message: '不能移除自己，如需卸任请使用“取消管理员”' },
  classNotFound: { errCode: 12008, message: '班级不存在或已删除' },
  deleteStudentsConfirmMismatch: { errCode: 12009, message: '确认内容与学校名称不一致，未删除任何学生' },
  studentNotFound: { errCode: 12010, message: '学生不存在或已删除' },
  studentEditedByOther: { errCode: 12011, message: '该学生信息已被他人修改，请刷新后重试' },
  deleteTeachersConfirmMismatch: { errCode: 12012, message: '确认内容与学校名称不一致，未删除任何老师' },
  teachingClassNotFound: { errCode: 12013, message: '任教班级不存在或已删除' },
  phoneRequired: { errCode: 12014, message: '请输入手机号' },
  teacherPhoneNotInSchool: { errCode: 12015, message: '本校没有该手机号的老师' },
  teacherPhoneMissing: { errCode: 12016, message: '该老师未登记手机号' },
  teacherNotFound: { errCode: 12017, message: '老师不存在或已删除' },
  teacherEditedByOther: { errCode: 12018, message: '该老师信息已被他人修改，请刷新后重试' },
  teacherInOtherSchools: { errCode: 12019, message: '该老师同时属于其他学校，只能由本人修改手机号和姓名' },
  gradeNotFound: { errCode: 12020, message: '年级不存在' },
  serverAddressInvalid: { errCode: 12021, message: '服务器地址不正确，无法生成扫描客户端' },
  schoolNameTaken: { errCode: 12022, message: (p: { name: Param }) => `学校“${p.name}”已存在` },
  phoneTaken: { errCode: 12023, message: (p: { phone: Param }) => `手机号 ${p.phone} 已被其他账号使用` },
  alreadySchoolAdmin: { errCode: 12024, message: (p: { name: Param }) => `${p.name} 已是本校管理员` },
  gradeNameTaken: { errCode: 12025, message: (p: { name: Param }) => `年级“${p.name}”已存在` },
  classNameTaken: { errCode: 12026, message: (p: { name: Param }) => `班级“${p.name}”已存在` },
  classHasStudents: {
    errCode: 12027,
    message: (p: { name: Param; students: Param }) =>
      `班级“${p.name}”还有 ${p.students} 名学生，请先调出或删除学生`,
  },
  xuehaoTaken: { errCode: 12028, message: (p: { xuehao: Param }) => `学号 ${p.xuehao} 已存在` },
  teacherPhoneInSchool: {
    errCode: 12029,
    message: (p: { phone: Param }) => `手机号 ${p.phone} 的老师已在本校`,
  },
  messageNoRecipients: { errCode: 12030, message: '没有可以接收这条消息的人员' },
  messageNeedsNoConfirm: { errCode: 12031, message: '这条消息不需要确认' },
  // issue 35: the bureau's administrators (a gap left after 12029 for kinds other branches add meanwhile)
  alreadyBureauAdmin: {
    errCode: 12040,
    message: (p: { name: Param }) => `${p.name} 已是该教育局的管理员`,
  },
  notBureauAdmin: { errCode: 12041, message: '该用户不是这个教育局的管理员，可能已被移除，请刷新列表' },
  // 升学去向 (the base-info card `university`)
  admissionDuplicate: {
    errCode: 12042,
    message: (p: { year: Param; name: Param; className: Param }) =>
      `${p.year} 届${p.className ? ` ${p.className}` : ''}已有 ${p.name} 的升学记录，请修改那一条`,
  },
  admissionNotFound: { errCode: 12043, message: '这条升学记录不存在或已删除，请刷新列表' },
  deleteAdmissionsConfirmMismatch: {
    errCode: 12044,
    message: '确认内容与学校名称不一致，未删除任何升学记录',
  },
  // 学生端 / 家长端 (issue 32): student accounts, parents' children, results (12050…, after the messages' and the bureau's)
  studentAccountMissing: { errCode: 12050, message: '该学生尚未开通账号，请先批量开通' },
  bindingMismatch: { errCode: 12051, message: '姓名、学号或绑定码不正确，请核对学校发放的账号单' },
  childAlreadyBound: { errCode: 12052, message: '您已绑定该孩子' },
  childParentsFull: { errCode: 12053, message: '该学生已绑定两位家长，请先由其他家长解绑' },
  portalClosedToParents: { errCode: 12054, message: '学校未向家长开放本次考试的成绩' },
  portalResultNotFound: { errCode: 12055, message: '成绩尚未发布或不存在' },
  portalPaperHidden: { errCode: 12056, message: '学校未开放原卷查看' },
  // 12060–12079 课堂小测 (issue 33)
  quizClassNotTaught: { errCode: 12060, message: '只能为自己任教的班级创建小测' },
  quizKeysInvalid: { errCode: 12061, message: (p: { reason: string }) => p.reason },
  quizNoQuestions: { errCode: 12062, message: '请填写客观题答案或添加主观题' },
  quizClassesMixed: { errCode: 12063, message: '所选班级须属于同一学校的同一年级' },
  quizNoStudents: { errCode: 12064, message: '所选班级没有在读学生' },
  quizNotFound: { errCode: 12065, message: '小测不存在或已删除' },
  quizMarkerNotColleague: { errCode: 12066, message: '阅卷老师须是本校教师' },
  quizTrendClassNotVisible: { errCode: 12068, message: '只能查看自己任教班级或本校班级的学情趋势' },
  quizCreatorMarks: { errCode: 12069, message: '出小测的老师始终参与阅卷，不能移出' },
  quizFullScoreTooHigh: {
    errCode: 12067,
    message: (p: { total: number }) => `小测总分 ${p.total} 分，不能超过 300 分`,
  },
  // 在线考试 (12080–12099)
  onlineNotFound: { errCode: 12080, message: '在线考试不存在或未发布' },
  onlineNotOnline: { errCode: 12081, message: '该科目不是在线考试' },
  onlineWindowInvalid: { errCode: 12082, message: '考试结束时间须晚于开始时间' },
  onlineNoQuestions: { errCode: 12083, message: '请先设置题目后再发布在线考试' },
  onlineQuestionUnknown: { errCode: 12084, message: (p: { no: Param }) => `第 ${p.no} 题不在题目设置中` },
  onlineNotOpen: { errCode: 12085, message: '考试尚未开始或已结束' },
  onlineNotStarted: { errCode: 12086, message: '请先开始作答' },
  /** the attempt's time is over (or it was submitted): the answer was not saved */
  onlineTimeUp: { errCode: 12087, message: '考试时间已到，作答已提交' },
  onlineNotExaminee: { errCode: 12088, message: '你不是本场考试的考生' },
  onlineLaunchedLocked: { errCode: 12089, message: '在线考试已发布，请先取消发布再修改' },
  onlineAlreadyLaunched: { errCode: 12090, message: '在线考试已发布' },
  onlineNotLaunched: { errCode: 12091, message: '在线考试未发布' },
  onlineHasSitters: {
    errCode: 12092,
    message: (p: { count: Param }) => `已有 ${p.count} 名学生开始作答，不能取消发布`,
  },
  onlineNotSubmitted: { errCode: 12093, message: '该学生尚未开始或仍在作答，无需重新开放' },
  onlineAnswerInvalid: { errCode: 12094, message: (p: { no: Param }) => `第 ${p.no} 题的选项无效` },
  onlineReopenAfterMarking: {
    errCode: 12096,
    message: '已开始阅卷，不能再重新开放作答（新交的作答可能超出已设定的题块区域）',
  },
  onlineStillSitting: {
    errCode: 12095,
    message: (p: { count: Param }) =>
      `尚有 ${p.count} 名考生在线作答中，须待其交卷或作答时间结束后再开始阅卷`,
  },
  // 系统维护 (the environment flag, 12032–12039): data is the flag itself (envFlag, routes/home.ts)
  /** data: the flag — a write refused while the system is read-only */
  envFlagWritesPaused: {
    errCode: 12032,
    message: (p: { message: string }) => `${p.message}（维护期间只能查看，暂不能保存或提交）`,
  },
  /** data: the flag — any call refused while the system is closed for maintenance */
  envFlagClosed: { errCode: 12033, message: (p: { message: string }) => `${p.message}（维护期间暂停使用）` },
  envFlagUntilPast: { errCode: 12034, message: '预计结束时间须晚于现在' },
  // 在线考试: photos of written work (12100–12109)
  onlinePhotoRequired: { errCode: 12100, message: '请选择要上传的照片' },
  onlinePhotoTooLarge: { errCode: 12101, message: '照片不能超过 10 MB' },
  onlinePhotoNotImage: { errCode: 12102, message: '只能上传 JPG 或 PNG 格式的照片，该文件无法识别为图片' },
  onlinePhotoTooMany: { errCode: 12103, message: (p: { max: Param }) => `每题最多上传 ${p.max} 张照片` },
  onlinePhotoNotFound: { errCode: 12104, message: '照片不存在或已删除' },
  onlinePhotoNotWritten: {
    errCode: 12105,
    message: (p: { no: Param }) => `第 ${p.no} 题不是主观题，不能上传照片`,
  },
  onlinePhotoOrderInvalid: { errCode: 12106, message: '照片顺序与已上传的照片不一致，请刷新后重试' },
  // 在线考试 补考: a make-up window for an examinee who did not sit (12140–12149)
  makeupWindowPast: { errCode: 12140, message: '补考结束时间已过，请重新选择补考时间' },
  makeupWindowInvalid: { errCode: 12141, message: '补考结束时间须晚于开始时间' },
  makeupAlreadySubmitted: {
    errCode: 12142,
    message: (p: { kaohao: Param }) =>
      `考号 ${p.kaohao} 的考生已交卷，不能安排补考（如需再次作答请使用“重新开放”）`,
  },
  makeupInProgress: {
    errCode: 12143,
    message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 的考生正在作答，不能安排或修改补考`,
  },
  makeupNotExaminee: { errCode: 12144, message: '所选考生不是本科目的考生' },
  makeupAfterMarking: {
    errCode: 12145,
    message: '已开始阅卷，不能再安排或修改补考（成绩须在补考交卷后统一阅卷、发布）',
  },
  makeupNotFound: {
    errCode: 12146,
    message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 的考生没有补考安排`,
  },
  makeupPending: {
    errCode: 12147,
    message: (p: { count: Param }) =>
      `尚有 ${p.count} 名考生的补考未结束，须待其交卷或补考时间结束后再开始阅卷`,
  },
  makeupNotLaunched: { errCode: 12148, message: '在线考试未发布，不能安排补考' },
  // 补考 of a paper (scanned) subject: absent examinees answer online (12150–12159)
  makeupHasPaper: {
    errCode: 12150,
    message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 的考生已有本科目扫描的答题卡，不能安排在线补考`,
  },
  makeupPaperScanned: { errCode: 12151, message: '你本科目的答题卡已扫描，不能再在线补考' },
  // 我的任务 (task_info, offline/task) and the page-static monitor
  taskSchoolOnlyAdmins: { errCode: 12110, message: '只有学校管理员可以查看全校的任务' },
  // The account: binding a phone, signing in by scanning, the school's portal QR (12120–12129)
  /** data: { captchaType: 'bindPhone', bindToken } — the account has no phone; bind one to finish signing in */
  bindPhoneRequired: { errCode: 12120, message: '账号尚未绑定手机号，请绑定后登录' },
  bindPhoneTicketExpired: { errCode: 12121, message: '绑定手机号的凭证已失效，请重新登录' },
  scanLoginExpired: { errCode: 12122, message: '二维码已失效，请在电脑上刷新二维码后重新扫码' },
  scanLoginUsed: { errCode: 12123, message: '该二维码已使用，请在电脑上刷新二维码后重新扫码' },
  schoolNotFound: { errCode: 12125, message: '学校不存在或已删除' },
  // 从 Word 导入 of an online exam's content and its images (12130–12139)
  docxFileRequired: { errCode: 12130, message: '请上传 Word 文档（.docx）' },
  docxFileTooLarge: { errCode: 12131, message: '文档不能超过 20 MB，请压缩图片后再导入' },
  /** the parser's own words: not a zip, too large uncompressed, no Word body, no questions found */
  docxUnreadable: { errCode: 12132, message: (p: { reason: string }) => p.reason },
  /** an imported image the subject does not hold (or, on 学生端, one its paper does not show) */
  onlineImageNotFound: { errCode: 12133, message: '题目图片不存在或已删除' },
  // 13xxx Exams, subjects and their lifecycle, examinees, exam roles
  examNotFound: { errCode: 13001, message: '考试不存在或已删除' },
  subjectNotFound: { errCode: 13002, message: '科目不存在或已删除' },
  jointNeedsTwoSchools: { errCode: 13003, message: '联考至少选择两所学校' },
  schoolsMissingOrDisabled: { errCode: 13004, message: '所选学校中有不存在或已停用的学校' },
  jointAdminNotInSchools: { errCode: 13005, message: '联考管理员须是参加学校的老师或管理员' },
  selectedClassNotFound: { errCode: 13006, message: '所选班级不存在或已删除' },
  examineeNotFound: { errCode: 13007, message: '考生不存在' },
  examineeNotInExam: { errCode: 13008, message: '考生不属于本次考试' },
  schoolNotInExam: { errCode: 13009, message: '学校未参加本次考试' },
  schoolNotInThisExam: { errCode: 13010, message: '该学校未参加此考试' },
  schoolNotInTheExam: { errCode: 13011, message: '该学校未参加本次考试' },
  creatorNotAssignable: { errCode: 13012, message: '考试创建者不能另行指定' },
  subjectNotInExam: { errCode: 13013, message: '科目不属于本次考试' },
  schoolLeaderNeedsSchool: { errCode: 13014, message: '学校负责人须指定学校' },
  usersMissingOrDisabled: { errCode: 13015, message: '所选人员中有不存在或已停用的账号' },
  roleAssignmentNotFound: { errCode: 13016, message: '该角色分配不存在' },
  cannotRemoveCreator: { errCode: 13017, message: '不能移除考试创建者' },
  scheduleTimeRequired: { errCode: 13018, message: '请设置开始或结束时间' },
  startTimeNotFuture: { errCode: 13019, message: '开始时间须晚于当前时间' },
  endTimeNotFuture: { errCode: 13020, message: '结束时间须晚于当前时间' },
  endBeforeStart: { errCode: 13021, message: '结束时间须晚于开始时间' },
  noDutyInSchools: {
    errCode: 13022,
    message: (p: { schools: Param }) => `您在${p.schools}没有职务，不能操作该校的考生和人员`,
  },
  subjectHasPeople: {
    errCode: 13023,
    message: (p: { subject: Param; people: Param }) =>
      `${p.subject}已设置${p.people}位科目负责人或阅卷老师，请先在人员设置中移除后再删除该科目`,
  },
  examMarkingStarted: {
    errCode: 13024,
    message: (p: { subjects: Param }) => `${p.subjects}已开始阅卷，考试不能删除；如不再使用可隐藏考试`,
  },
  /** data: up to 50 of the duplicated 考号, string[] */
  kaohaoRuleDuplicates: {
    errCode: 13025,
    message: (p: { count: Param; examples: Param }) =>
      `生成的考号有 ${p.count} 个重复（如 ${p.examples}），请更换考号规则`,
  },
  kaohaoTaken: { errCode: 13026, message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 已被其他考生使用` },
  roleUnknown: { errCode: 13027, message: (p: { role: Param }) => `未知角色：${p.role}` },
  roleNeedsSubject: { errCode: 13028, message: (p: { role: Param }) => `${p.role}须指定科目` },
  subjectStateForbids: { errCode: 13029, message: '当前科目状态不允许此操作' },
  subjectStateForbidsNamed: {
    errCode: 13030,
    message: (p: { subject: Param }) => `${p.subject}：当前科目状态不允许此操作`,
  },
  jointSchoolsRefused: {
    errCode: 13031,
    message: '联考只能选择您管理的学校；多校联考请由系统管理员（教育局）创建',
  },
  classNotInJointSchools: { errCode: 13032, message: '所选班级不属于参加联考的学校' },
  classNotOfSchool: { errCode: 13033, message: '所选班级不属于本校' },
  kaohaoRuleRejected: { errCode: 13034, message: (p: { reason: string }) => p.reason },
  /** data: the ReviewStartProblem[] that stop the start */
  reviewStartBlocked: { errCode: 13035, message: (p: { reason: string }) => p.reason },
  /** data: the ReviewDoneCheck that stops 阅卷完成 */
  reviewDoneBlocked: { errCode: 13036, message: (p: { reason: string }) => p.reason },
  // 14xxx Questions, blocks, templates, answer cards
  blockHasNoAreaNorBoxes: { errCode: 14001, message: '题块还没有框选区域，模板上也没有这些题的主观题框' },
  paperNotFound: { errCode: 14002, message: '答题卡不存在或已删除' },
  noPaperNorTemplateToPreview: {
    errCode: 14003,
    message: '还没有扫描的答题卡，也没有答题卡模板，无法预览切割图',
  },
  noTemplateForBlockArea: { errCode: 14004, message: '本科目还没有答题卡模板，无法框选题块区域' },
  blockNotFoundRefresh: { errCode: 14005, message: '题块不存在或已删除，请刷新后重试' },
  blockNameDuplicate: { errCode: 14006, message: '题块名称不能重复' },
  cardNotFound: { errCode: 14007, message: '在线答题卡不存在或已删除' },
  cardStaleAfterQuestionChange: {
    errCode: 14008,
    message: '保存答题卡后题目结构有改动，请打开答题卡重新保存后再下载',
  },
  thirdPartyTemplateNotOverwritable: {
    errCode: 14009,
    message: '该模板是第三方答题卡模板，不能用在线答题卡覆盖，请另存为新模板',
  },
  templateImageMissing: { errCode: 14010, message: '模板图片不存在，请重新上传' },
  cardImageRenderFailed: { errCode: 14011, message: '答题卡图片生成失败，请重新保存答题卡' },
  imageUnreadable: { errCode: 14012, message: '图片无法读取，请重新扫描后上传' },
  imageSizeUnsuitable: { errCode: 14013, message: '图片尺寸不合适：请以 150–300 dpi 扫描整页答题卡' },
  anchorAreaInvalid: { errCode: 14014, message: '定位区超出图片范围或太小（至少 20×20 像素）' },
  templateNotFound: { errCode: 14015, message: '模板不存在或已删除' },
  templateHasNoPages: { errCode: 14016, message: '模板还没有页面，不能用于扫描' },
  templatePageDuplicate: { errCode: 14017, message: '模板页码重复' },
  blockHasNoArea: { errCode: 14018, message: '题块还没有框选区域' },
  noPaperNorTemplateImageToPreview: {
    errCode: 14019,
    message: '还没有扫描的答题卡，模板也没有答题卡图片，无法预览切割图',
  },
  blockAreaPageMissing: {
    errCode: 14020,
    message: (p: { block: Param; page: Param }) =>
      `题块“${p.block}”的区域在模板第 ${p.page} 页，模板没有这一页`,
  },
  blockAreaOutOfPage: {
    errCode: 14021,
    message: (p: { block: Param; page: Param }) => `题块“${p.block}”的区域超出模板第 ${p.page} 页的范围`,
  },
  blockQuestionNotSubjective: {
    errCode: 14022,
    message: (p: { block: Param; no: Param }) => `题块“${p.block}”中的第 ${p.no} 题不是本科目的主观题`,
  },
  questionInTwoBlocks: {
    errCode: 14023,
    message: (p: { no: Param; first: Param; second: Param }) =>
      `第 ${p.no} 题同时在题块“${p.first}”和“${p.second}”中`,
  },
  blockThresholdTooHigh: {
    errCode: 14024,
    message: (p: { block: Param; full: Param }) => `题块“${p.block}”的误差阈值应小于题块满分 ${p.full} 分`,
  },
  blockInvalid: {
    errCode: 14025,
    message: (p: { block: Param; problem: Param }) => `题块“${p.block}”：${p.problem}`,
  },
  cardQuestionsMismatch: {
    errCode: 14026,
    message: (p: { problems: Param }) => `答题卡与题目结构不一致：${p.problems}`,
  },
  abNumberingWrong: {
    errCode: 14027,
    message: (p: { problems: Param }) => `A/B 卷题号对应有误：${p.problems}`,
  },
  objectivesNotSaved: {
    errCode: 14028,
    message: (p: { nos: Param }) => `客观题 ${p.nos} 不存在，请先保存客观题`,
  },
  objectiveNotFound: { errCode: 14029, message: (p: { no: Param }) => `客观题 ${p.no} 不存在` },
  subjectivesNotSaved: {
    errCode: 14030,
    message: (p: { nos: Param }) => `主观题 ${p.nos} 不存在，请先保存主观题`,
  },
  templateQuestionsMismatch: {
    errCode: 14031,
    message: (p: { problems: Param }) => `模板与题目设置不一致，不能用于扫描：${p.problems}`,
  },
  cardBlocked: { errCode: 14032, message: (p: { reason: string }) => p.reason },
  cardLayoutFailed: { errCode: 14033, message: (p: { reason: string }) => p.reason },
  answerRejected: { errCode: 14034, message: (p: { reason: string }) => p.reason },
  answerInvalid: { errCode: 14035, message: (p: { no: Param }) => `第 ${p.no} 题答案不合法` },
  questionAlreadySpecial: {
    errCode: 14036,
    message: (p: { no: Param; special: Param }) => `第 ${p.no} 题已经${p.special}`,
  },
  questionNotSpecial: { errCode: 14037, message: (p: { no: Param }) => `第 ${p.no} 题没有送分或取消` },
  templateImageRequired: { errCode: 14038, message: '请上传答题卡图片' },
  templateImageTooLarge: { errCode: 14039, message: '图片超过 30 MB，请降低扫描分辨率' },
  cardNotPersonal: {
    errCode: 14040,
    message:
      '这张答题卡的考号是填涂的：个性化答题卡要把考号印成条形码，请把考号方式改为“条形码”后重新生成答题卡',
  },
  personalCardNoExaminees: { errCode: 14041, message: '所选范围还没有考生，无法打印个性化答题卡' },
  personalCardNumberTooLong: {
    errCode: 14042,
    message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 太长，条形码框放不下：请缩短考号或改用更宽的纸张`,
  },
  personalCardTooMany: {
    errCode: 14043,
    message: (p: { max: Param }) => `一次最多打印 ${p.max} 份个性化答题卡，请按班级分批下载`,
  },
  // 15xxx Scanning: uploads, batches, exceptions, 扫描完成
  exceptionNotFound: { errCode: 15001, message: '异常记录不存在' },
  exceptionAlreadyHandled: { errCode: 15002, message: '该异常已处理，请刷新' },
  exceptionHasNoPaper: { errCode: 15003, message: '该异常没有对应的答题卡' },
  paperRecognising: { errCode: 15004, message: '答题卡正在识别，请稍后' },
  absentNeedsExaminee: {
    errCode: 15005,
    message: '这张答题卡还没有对应的考生，请先处理考号异常，再确认缺考',
  },
  examineeNotOfSchool: { errCode: 15006, message: '该考生不是本校考生，不能分配这张答题卡' },
  keepOneOfTwoPapers: { errCode: 15007, message: '只能保留这两张答题卡中的一张' },
  exceptionSubmittedTwice: { errCode: 15008, message: '同一异常不能重复提交' },
  optionalReadingMissing: { errCode: 15009, message: '找不到选做题的识别结果' },
  paperImageNotFound: { errCode: 15010, message: '答题卡图像不存在' },
  notScoreBoxException: { errCode: 15011, message: '这条主观题异常不是打分栏，不能录入分数' },
  scoreBoxNeedsScore: { errCode: 15012, message: '打分栏异常请录入分数' },
  batchNotFound: { errCode: 15013, message: '批次不存在' },
  batchNotRerecognisable: { errCode: 15014, message: '该批次正在识别或没有可重新识别的答题卡' },
  scanAlreadyFinished: { errCode: 15015, message: '该校本科目已确认扫描完成' },
  scanNotFinished: { errCode: 15016, message: '该校本科目尚未确认扫描完成' },
  scanSchoolRequired: { errCode: 15017, message: '请选择扫描的学校' },
  templateNotMadeOnline: { errCode: 15018, message: '模板未在线制作，请先制作答题卡模板' },
  scanFilesRequired: { errCode: 15019, message: '请选择要上传的答题卡文件' },
  imageNameNotNumeric: { errCode: 15020, message: '图片名称只能为数字' },
  batchNotOwned: { errCode: 15021, message: '只能继续上传自己在同一学校上传的批次' },
  selectedExamineeNotFound: { errCode: 15022, message: '所选考生不存在' },
  cropNotFound: { errCode: 15023, message: '该题的切割图不存在' },
  uploadOriginInvalid: { errCode: 15024, message: '上传来源不正确' },
  selectedExamineeInvalid: { errCode: 15025, message: '所选考生不正确' },
  paperImageFileLost: { errCode: 15026, message: '答题卡图像文件丢失' },
  exceptionWrongFix: { errCode: 15027, message: (p: { type: Param }) => `该异常是${p.type}，不能这样处理` },
  /** data: { paperId, otherPaperId, examineeId } of the two sheets to compare */
  examineeAlreadyHasPaperCompare: {
    errCode: 15028,
    message: (p: { name: Param; kaohao: Param }) =>
      `考生 ${p.name}（${p.kaohao}）已有答题卡，请对比两张答题卡后保留一张`,
  },
  objectiveOptionMissing: {
    errCode: 15029,
    message: (p: { question: Param; option: Param }) => `第${p.question}题没有选项 ${p.option}`,
  },
  optionalChoiceMissing: {
    errCode: 15030,
    message: (p: { choice: Param }) => `选做题没有 ${p.choice} 这一项`,
  },
  cardPageMissing: { errCode: 15031, message: (p: { page: Param }) => `答题卡没有第 ${p.page} 页` },
  anchorPointsNeeded: {
    errCode: 15032,
    message: (p: { count: Param }) => `请在图上依次标出 ${p.count} 个定位点`,
  },
  scanFinishBlocked: {
    errCode: 15033,
    message: (p: { blockers: Param }) => `不能确认扫描完成：${p.blockers}`,
  },
  absentButScanned: {
    errCode: 15034,
    message: (p: { name: Param; kaohao: Param }) => `考生 ${p.name}（${p.kaohao}）已有答题卡，不能标记缺考`,
  },
  pageNotLocatedForCrop: {
    errCode: 15035,
    message: (p: { page: Param }) => `这份答题卡的第 ${p.page} 页没有识别定位，无法切割`,
  },
  fileCountMismatch: {
    errCode: 15036,
    message: (p: { files: Param; students: Param }) =>
      `文件数量（${p.files}）与所选学生数量（${p.students}）不一致`,
  },
  pageCountNotMultiple: {
    errCode: 15037,
    message: (p: { batch: Param; pages: Param; perPaper: Param }) =>
      `第${p.batch}批次的页数（${p.pages}）不是模板页数（${p.perPaper}）的整数倍`,
  },
  fileFormatUnsupported: {
    errCode: 15038,
    message: (p: { name: Param }) =>
      `文件“${p.name}”不是支持的格式，请上传 jpg、png、tif、pdf 图片或 zip 压缩包`,
  },
  zipTooLarge: { errCode: 15039, message: (p: { name: Param }) => `压缩包“${p.name}”解压后过大` },
  zipUnreadable: { errCode: 15040, message: (p: { name: Param }) => `压缩包“${p.name}”无法打开` },
  zipCorrupt: { errCode: 15041, message: (p: { name: Param }) => `压缩包“${p.name}”已损坏` },
  filePageTooLarge: {
    errCode: 15042,
    message: (p: { name: Param; page: Param }) =>
      `文件“${p.name}”页面尺寸过大（第 ${p.page} 页），请检查文件`,
  },
  fileTooManyPages: {
    errCode: 15043,
    message: (p: { name: Param; max: Param }) => `文件“${p.name}”超过 ${p.max} 页`,
  },
  uploadTooManyPages: {
    errCode: 15044,
    message: (p: { max: Param }) => `一次最多上传 ${p.max} 页，请分批上传`,
  },
  imageNameNotKaohao: {
    errCode: 15045,
    message: (p: { name: Param }) => `图片“${p.name}”的名称与所选考生的考号不对应`,
  },
  kaohaoHasManyFiles: { errCode: 15046, message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 有多个文件` },
  examineeNotOfSelectedSchool: {
    errCode: 15047,
    message: (p: { name: Param; kaohao: Param }) => `考生 ${p.name}（${p.kaohao}）不是所选学校的考生`,
  },
  examineeAlreadyHasPaper: {
    errCode: 15048,
    message: (p: { name: Param; kaohao: Param }) => `考生 ${p.name}（${p.kaohao}）已有答题卡`,
  },
  filePagesMismatch: {
    errCode: 15049,
    message: (p: { name: Param; pages: Param; perPaper: Param }) =>
      `文件“${p.name}”有 ${p.pages} 页，与答题卡模板的页数（${p.perPaper}）不一致`,
  },
  scanFinishedLocked: {
    errCode: 15050,
    message: '该校本科目已确认扫描完成，不能再上传或修改；如需补扫，请先重新打开扫描',
  },
  noAnchorExceptions: { errCode: 15051, message: '没有定位异常的答题卡' },
  noKaohaoExceptions: { errCode: 15052, message: '没有考号异常的答题卡' },
  noDuplicateKaohaoExceptions: { errCode: 15053, message: '没有考号重复的答题卡' },
  scoreBoxRejected: { errCode: 15054, message: (p: { reason: string }) => p.reason },
  uploadTooManyFiles: {
    errCode: 15055,
    message: (p: { max: Param }) => `一次最多上传 ${p.max} 个文件，请分批上传`,
  },
  uploadFileTooLarge: { errCode: 15056, message: '单个文件不能超过 200MB' },
  uploadTotalTooLarge: { errCode: 15057, message: '一次上传的文件过大，请分批上传' },
  /** a PDF or TIFF page past its rendering budget (issue 28: one hostile file must not stall everyone) */
  pageRenderOverBudget: {
    errCode: 15058,
    message: (p: { name: Param }) =>
      `文件“${p.name}”的页面内容过于复杂，转换超出时限，请导出为图片或扫描后再上传`,
  },
  /** an uploader past their rendering budget of the last half hour */
  uploaderRenderBudget: { errCode: 15059, message: '近期上传的 PDF 转换用时已达上限，请稍后再上传' },
  /** a chunk or an agent upload continuing a batch set aside (作废本批次): the pages go to a new batch */
  batchVoided: { errCode: 15060, message: '该批次已作废，不能继续上传，请重新上传' },
  batchAlreadyVoided: { errCode: 15061, message: '该批次已作废' },
  batchStillRecognising: { errCode: 15062, message: '该批次还在识别，请识别完成后再作废' },
  /** some of the batch's papers are marked (or being marked): taken out one by one, each seen */
  batchMarked: {
    errCode: 15063,
    message: (p: { count: Param }) =>
      `本批次已有 ${p.count} 份答卷开始阅卷，不能整批作废；请在识别异常中逐份处理`,
  },
  /** the Windows scan client (with its runtime) is still being put together, past how long a download waits */
  scanAgentRuntimePreparing: {
    errCode: 15090,
    message: '正在准备 Windows 扫描客户端（第一次下载时服务器要取运行环境，约需一两分钟），请稍后再点下载',
  },
  /** the server could not fetch the Windows runtime (node.exe, components) from the npm registry */
  scanAgentRuntimeUnavailable: {
    errCode: 15091,
    message:
      '服务器无法从 npm 源下载 Windows 运行环境（node.exe 和组件），请检查服务器网络后重试；也可以改下载“其他系统 / 已装 Node.js 的电脑”版（扫描电脑需装 Node.js 20）',
  },
  /** what the registry gave is not a Windows x64 runtime (reason: which piece) */
  scanAgentRuntimeInvalid: {
    errCode: 15092,
    message: (p: { reason: Param }) =>
      `服务器取到的 Windows 运行环境不完整（${p.reason}），请稍后重试；也可以改下载“其他系统 / 已装 Node.js 的电脑”版`,
  },
  // 16xxx Marking, trial marking, quality, intelligent assistance, reviewers
  blockNotInSubject: { errCode: 16001, message: '题块不存在或不属于这个科目' },
  groupHasNoPending: { errCode: 16002, message: '这个分组已没有待评的答卷，请刷新' },
  answerNotInGroup: { errCode: 16003, message: '这份答卷不在这个分组中' },
  answerNotInBlockGroups: { errCode: 16004, message: '这份答卷不在本题块的分组中' },
  answerNotBlankZeroed: { errCode: 16005, message: '这份答卷不是本题块按空白卷记 0 分的答卷' },
  blankDetectAfterDone: { errCode: 16006, message: '阅卷已完成，不能再智能判空，请先取消完成' },
  blankDetectAfterPublish: { errCode: 16007, message: '成绩已发布，不能再智能判空' },
  blankDetectBeforeReview: { errCode: 16008, message: '阅卷尚未开始，开始阅卷后才能检测' },
  blockNotFound: { errCode: 16009, message: '题块不存在或已删除' },
  answerNotDetectedBlank: { errCode: 16010, message: '这份答卷不是智能判空检测出的空白答卷' },
  answerAlreadyReturned: { errCode: 16011, message: '这份答卷已退回正常阅卷' },
  answerNotYetBlankZeroed: { errCode: 16012, message: '这份答卷还没有按空白卷记 0 分' },
  intelligentSettingsAfterDone: { errCode: 16013, message: '阅卷已完成，不能再修改智能辅助设置' },
  blankDetectOff: { errCode: 16014, message: '请先为这个题块开启智能判空' },
  sameAnswerGroupingOff: { errCode: 16015, message: '请先为这个题块开启相同答案归组' },
  detectionRunning: { errCode: 16016, message: '这个题块正在检测，请等待完成' },
  detectionChanged: { errCode: 16017, message: '检测结果已更新，请刷新后重新查看抽样' },
  detectionNotFinished: { errCode: 16018, message: '检测尚未完成，请等待完成后再确认' },
  noBlankToConfirm: { errCode: 16019, message: '没有待确认的空白答卷' },
  sampleChanged: { errCode: 16020, message: '抽样的答卷已有变化，请刷新后重新查看' },
  taskNotFound: { errCode: 16021, message: '阅卷任务不存在' },
  onlyOwnSubmittedMarks: { errCode: 16022, message: '只能修改自己已提交的评分' },
  notPendingProblem: { errCode: 16023, message: '这份试卷不是待处理的问题卷，请刷新' },
  paperRemoved: { errCode: 16024, message: '答题卡已移出，请刷新' },
  scoreRequired: { errCode: 16025, message: '请给分' },
  problemAlreadyHandled: { errCode: 16026, message: '该问题卷已处理，请刷新' },
  problemTurnedToScan: { errCode: 16027, message: '该问题卷已转为扫描问题，等待扫描人员处理' },
  leaderMarkedOtherRound: {
    errCode: 16028,
    message: '您已评过这份试卷的另一评，不能再给分，请由其他题组长处理',
  },
  papersNotInBlock: { errCode: 16029, message: '所选试卷不在这个题块中，请刷新' },
  onlySubmittedReturnable: { errCode: 16030, message: '只能打回已提交的试卷，请刷新' },
  arbitrationNotReturnable: { errCode: 16031, message: '仲裁给分不能打回' },
  returnOneMarkerAtATime: { errCode: 16032, message: '一次只能打回同一位老师的试卷' },
  paperHasNoSuchPage: { errCode: 16033, message: '这份答题卡没有这一页' },
  pageHasNoLocation: { errCode: 16034, message: '这一页没有识别定位，无法显示原卷' },
  templateHasNoSuchPage: { errCode: 16035, message: '答题卡模板没有这一页' },
  blockQuestionsUnchanged: { errCode: 16036, message: '题块的题目没有变化' },
  resetAfterDone: { errCode: 16037, message: '阅卷已完成，不能重置，请先取消完成' },
  resetAfterPublish: { errCode: 16038, message: '成绩已发布，不能重置阅卷' },
  resetBeforeReview: { errCode: 16039, message: '阅卷尚未开始，没有可重置的评分' },
  problemHandledInList: { errCode: 16040, message: '问题卷请在问题卷列表中处理' },
  notBlockMarker: { errCode: 16041, message: '您不是本题块的阅卷老师' },
  taskAlreadyProblem: { errCode: 16042, message: '该任务已标记为问题卷' },
  qualityPaperNotCounted: {
    errCode: 16043,
    message: '这是一份质检卷（标准卷或自评卷），不计入成绩，请直接给分结束或退回',
  },
  qualityMonitorAllSchools: {
    errCode: 16044,
    message: '质量监控按题块统计全部学校的评分，请联系考试管理员查看',
  },
  markerNotFlagged: { errCode: 16045, message: '该阅卷老师未被标记或已放行，请刷新' },
  spotNotFound: { errCode: 16046, message: '抽查任务不存在' },
  qualityReportAllSchools: {
    errCode: 16047,
    message: '质检报告按题块统计全部学校的评分，请联系考试管理员查看',
  },
  spotCheckOff: { errCode: 16048, message: '本题块未开启抽查，请先在质检设置中设置抽查比例' },
  teacherNotBlockMarker: { errCode: 16049, message: '该老师不是本题块的阅卷老师' },
  spotRatioReached: { errCode: 16050, message: '该老师的抽查已达到设定比例' },
  spotRatioReachedAll: { errCode: 16051, message: '各位老师的抽查均已达到设定比例' },
  spotNothingToCheck: { errCode: 16052, message: '该老师暂无可抽查的试卷，请稍后再试' },
  spotSubmittedNext: { errCode: 16053, message: '这份抽查已提交，请抽查下一份' },
  spotSubmittedRefresh: { errCode: 16054, message: '这份抽查已提交，请刷新' },
  reviewersNotInSchools: { errCode: 16055, message: '所选人员中有不是参考学校老师或已停用的账号' },
  markingScopeJointOnly: { errCode: 16056, message: '只有联考可以选择校内或混合阅卷' },
  copyToSameBlock: { errCode: 16057, message: '不能复制到题块自身' },
  trialPaperNotFound: { errCode: 16058, message: '试评试卷不存在' },
  standardAlreadySent: { errCode: 16059, message: '这份标准卷已发给阅卷老师，其给分是质检数据，不能取消' },
  samplePaperNotFound: { errCode: 16060, message: '样卷不存在' },
  noPapersToMark: { errCode: 16061, message: '本科目还没有可阅的试卷' },
  papersNotMarkable: { errCode: 16062, message: '所选试卷不属于本科目或不能阅卷' },
  trialPapersRequired: { errCode: 16063, message: '请先为题块选择试评试卷' },
  reselectQuestionNotSubjective: {
    errCode: 16064,
    message: (p: { no: Param }) => `第 ${p.no} 题不是本科目的主观题`,
  },
  reselectQuestionInOtherBlock: {
    errCode: 16065,
    message: (p: { no: Param; block: Param }) => `第 ${p.no} 题在题块“${p.block}”中，请先从那个题块移出`,
  },
  reselectThresholdTooHigh: {
    errCode: 16066,
    message: (p: { threshold: Param; full: Param }) =>
      `题块的误差阈值 ${p.threshold} 分应小于新的题块满分 ${p.full} 分，请先修改阈值`,
  },
  divideClassNotInExam: {
    errCode: 16067,
    message: (p: { group: Param }) => `第 ${p.group} 组中有不属于本次考试考生的班级`,
  },
  divideClassInTwoGroups: {
    errCode: 16068,
    message: (p: { first: Param; second: Param }) =>
      `同一班级不能分在两个组（第 ${p.first} 组和第 ${p.second} 组）`,
  },
  divideMarkerNotInBlock: {
    errCode: 16069,
    message: (p: { group: Param }) => `第 ${p.group} 组中有不是本题块阅卷老师的人员，请先在阅卷分配中添加`,
  },
  divideMarkerInTwoGroups: {
    errCode: 16070,
    message: (p: { group: Param }) => `同一位阅卷老师不能分在两个组（第 ${p.group} 组）`,
  },
  blockMarkersDuplicate: {
    errCode: 16071,
    message: (p: { block: Param }) => `题块“${p.block}”的阅卷老师有重复`,
  },
  blockLeadersDuplicate: {
    errCode: 16072,
    message: (p: { block: Param }) => `题块“${p.block}”的题组长有重复`,
  },
  markerNotInJointSchools: {
    errCode: 16073,
    message: (p: { name: Param }) => `“${p.name}”不属于参考学校，校内阅卷不能选择，请改为混合阅卷`,
  },
  referenceScoreFirst: { errCode: 16074, message: (p: { kind: Param }) => `请先给出参考分，再设为${p.kind}` },
  trialPaperAlreadyKind: { errCode: 16075, message: (p: { kind: Param }) => `这份试卷已设为${p.kind}` },
  blocksWithoutMarkers: {
    errCode: 16076,
    message: (p: { blocks: Param }) => `题块 ${p.blocks} 还没有阅卷老师`,
  },
  taskTimedOut: { errCode: 16077, message: '该任务已超时并由其他老师领取，请继续阅下一份' },
  versionConflict: { errCode: 16078, message: '该分数已被修改，请刷新后重试' },
  markRejected: { errCode: 16079, message: (p: { reason: string }) => p.reason },
  notBlockLeader: { errCode: 16080, message: '您不是本题块的题组长' },
  groupOverQuota: {
    errCode: 16081,
    message: (p: { count: Param; left: Param }) =>
      `这个分组有 ${p.count} 份待评答卷，超出您剩余的任务量（还可评 ${p.left} 份），请先移出部分答卷`,
  },
  quotaUsedUp: { errCode: 16082, message: '您在这个题块的任务量已评完，不能再给分组评分' },
  resetNothingInBlock: { errCode: 16083, message: '这个题块还没有可重置的评分' },
  resetNothingForMarker: { errCode: 16084, message: '这位老师在这个题块没有可重置的评分' },
  markerPaused: { errCode: 16085, message: '您的评分已被质检标记，暂停领取试卷，请联系题组长放行后继续' },
  spotVoided: { errCode: 16086, message: '该试卷的评分已被重置或打回，本次抽查作废，请抽查下一份' },
  // 17xxx Scores, publishing, reports, analysis groups, exports
  exportTaskNotFound: { errCode: 17001, message: '导出任务不存在' },
  exportFileExpired: { errCode: 17002, message: '文件已过期，请重新导出' },
  exportFileNotReady: { errCode: 17003, message: '文件尚未生成完成' },
  scoreImportScanned: { errCode: 17004, message: '本科目已扫描答题卡，成绩由阅卷得出，不能导入' },
  importNoRows: { errCode: 17005, message: '没有可导入的行' },
  noPublishedSubject: { errCode: 17006, message: '本次考试还没有已发布成绩的科目' },
  questionNotSubjective: { errCode: 17007, message: '该题不是主观题' },
  questionHasNoCrop: { errCode: 17008, message: '该题没有阅卷切图' },
  examineeQuestionNotMarked: { errCode: 17009, message: '该考生的这道题没有阅卷记录' },
  groupImportNoKaohao: {
    errCode: 17010,
    message: 'Excel 中没有考号：请把考号填在第一列，或填在表头为“考号”的一列',
  },
  groupClassNotInExam: { errCode: 17011, message: '所选班级不在本次考试中' },
  groupClassNotVisible: { errCode: 17012, message: '只能选择您有权查看报表的班级' },
  groupStudentNotInExam: { errCode: 17013, message: '所选学生不在本次考试中' },
  groupStudentNotVisible: { errCode: 17014, message: '只能选择您有权查看报表的学生' },
  groupNotFound: { errCode: 17015, message: '分析组不存在或已删除' },
  groupByClassNoImport: {
    errCode: 17016,
    message: '按班级组成的分析组不能导入考号；请先在“编辑”中改为按学生组成',
  },
  compareNeedsOtherExam: { errCode: 17017, message: '请选择另一次考试' },
  adjustAbsentOrNoPaper: { errCode: 17018, message: '该考生缺考或没有答题卡，不能调整成绩' },
  adjustScoreUnchanged: { errCode: 17019, message: '调整后的分数与原分数相同' },
  violationAbsent: { errCode: 17020, message: '该考生已登记缺考，不能标记违纪' },
  violationNoPaper: { errCode: 17021, message: '该考生没有答题卡，不能标记违纪' },
  violationNotMarked: { errCode: 17022, message: '该考生没有违纪标记' },
  kaohaoUnchanged: { errCode: 17023, message: '正确考号与当前考号相同，无需调整' },
  publishedByXianyue: { errCode: 17024, message: '该科目由先阅后扫统分发布，请使用“取消统分发布”' },
  publishTimeNotFuture: { errCode: 17025, message: '发布时间须晚于当前时间' },
  publishNotScheduled: { errCode: 17026, message: '该科目没有设置定时发布' },
  notXianyueSubject: { errCode: 17027, message: '该科目的答题卡没有打分栏分数，不是先阅后扫科目' },
  notPublishedByXianyue: { errCode: 17028, message: '该科目不是由先阅后扫统分发布的，请使用“取消发布”' },
  subjectNotPublishedForReport: {
    errCode: 17029,
    message: (p: { subject: Param }) => `${p.subject}的成绩尚未发布，发布后才能查看报表`,
  },
  groupImportTooMany: {
    errCode: 17030,
    message: (p: { max: Param }) => `一次最多导入 ${p.max} 个考号，请分批导入`,
  },
  groupNameTaken: { errCode: 17031, message: (p: { name: Param }) => `已有名为“${p.name}”的分析组` },
  groupTooManyStudents: { errCode: 17032, message: (p: { max: Param }) => `一个分析组最多 ${p.max} 名学生` },
  earlierExamCourseUnpublished: {
    errCode: 17033,
    message: (p: { exam: Param; course: Param }) => `${p.exam}没有已发布成绩的${p.course}`,
  },
  earlierExamUnpublished: {
    errCode: 17034,
    message: (p: { exam: Param }) => `${p.exam}还没有已发布成绩的科目`,
  },
  adjustQuestionNotFound: { errCode: 17035, message: (p: { no: Param }) => `第 ${p.no} 题不存在` },
  adjustScoreOverFull: {
    errCode: 17036,
    message: (p: { no: Param; score: Param; full: Param }) =>
      `第 ${p.no} 题的分数 ${p.score} 超过满分 ${p.full} 分`,
  },
  adjustScoreStep: {
    errCode: 17037,
    message: (p: { no: Param; step: Param }) => `第 ${p.no} 题的分数须为 ${p.step} 分的整数倍`,
  },
  kaohaoNotInSubject: {
    errCode: 17038,
    message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 不是本科目的考生`,
  },
  kaohaoNotOfSchool: {
    errCode: 17039,
    message: (p: { kaohao: Param }) => `考号 ${p.kaohao} 不是本校考生，不能移入这张答题卡`,
  },
  examineeHasNoPaper: {
    errCode: 17040,
    message: (p: { name: Param; kaohao: Param }) => `考生 ${p.name}（${p.kaohao}）在本科目没有答题卡`,
  },
  examineeAlreadyHasPaperCheck: {
    errCode: 17041,
    message: (p: { name: Param; kaohao: Param }) =>
      `考生 ${p.name}（${p.kaohao}）已有答题卡，请先核对两张答题卡`,
  },
  scoresNotPublished: { errCode: 17042, message: '成绩尚未发布，发布后才能查看' },
  notAllPublished: { errCode: 17043, message: '还有科目的成绩尚未发布，全部发布后才能查看全科成绩' },
  /** data: the ScoreBlocker[] that stop the publication */
  publishBlocked: { errCode: 17044, message: (p: { reason: string }) => p.reason },
  reportSettingsRejected: { errCode: 17045, message: (p: { reason: string }) => p.reason },
  // 19xxx Common: imports, uploads, parameters
  /** data: the first 100 row errors, ImportError[] ({ row, column, message }) */
  importFileErrors: {
    errCode: 19001,
    message: (p: { count: Param; listed: Param; advice: Param }) =>
      `导入文件有 ${p.count} 处错误${p.listed}，${p.advice}`,
  },
  /** data: FieldError[] */
  paramInvalid: { errCode: 19002, message: (p: { reason: string }) => `参数错误：${p.reason}` },
  fileLacksPage: {
    errCode: 19003,
    message: (p: { count: Param; page: Param }) => `文件只有 ${p.count} 页，没有第 ${p.page} 页`,
  },
  valueInvalid: { errCode: 19004, message: (p: { what: Param }) => `${p.what}不正确` },
  excelFileRequired: { errCode: 19005, message: '请上传 Excel 文件' },
  excelFileTooLarge: { errCode: 19006, message: '文件不能超过 10 MB' },
  sheetUnreadable: { errCode: 19007, message: (p: { reason: string }) => p.reason },
  // answered with an HTTP status of their own (failStatus): the upload or request was ended, not refused
  uploadAbandoned: { errCode: 19008, message: '上传已取消' },
  serverStopping: { errCode: 19009, message: '服务正在停止，请稍后重新上传' },
  requestCancelled: { errCode: 19010, message: '请求已取消' },
  // a unique index said no to the second of two identical requests at once (a double click): the refusal a
  // sequential second request gets, by the index (plugins/envelope.ts UNIQUE_REFUSALS)
  takenXuehao: { errCode: 19011, message: '学号已存在' },
  takenPhone: { errCode: 19012, message: '手机号已存在' },
  takenTeacherInSchool: { errCode: 19013, message: '该老师已在本校' },
  takenTeacherClass: { errCode: 19014, message: '该老师已在此班级任教' },
  takenSchoolAdmin: { errCode: 19015, message: '该管理员已存在' },
  takenSchoolCode: { errCode: 19016, message: '学校编号已存在' },
  takenKaohao: { errCode: 19017, message: '考号已存在' },
  takenExamineeStudent: { errCode: 19018, message: '该学生已是本次考试的考生' },
  takenQuestionNo: { errCode: 19019, message: '题号已存在' },
  takenGroupName: { errCode: 19020, message: '分析组名称已存在' },
  takenMeanwhile: { errCode: 19021, message: '数据已存在，请刷新后重试' },
} as const satisfies Record<string, Failure>;

export type FailureKind = keyof typeof FAILURES;

/** The values a kind's message names, or undefined for a fixed message. */
export type FailureParams<K extends FailureKind> = (typeof FAILURES)[K]['message'] extends (
  p: infer P,
) => string
  ? P
  : undefined;

/** The kinds with a fixed message (no values), which a helper may take as a parameter. */
export type FixedFailureKind = {
  [K in FailureKind]: FailureParams<K> extends undefined ? K : never;
}[FailureKind];

/** The Chinese message of a failure. */
export function failureMessage<K extends FailureKind>(
  kind: K,
  ...params: FailureParams<K> extends undefined ? [] : [FailureParams<K>]
): string {
  const m: string | ((p: never) => string) = FAILURES[kind].message;
  return typeof m === 'string' ? m : m(params[0] as never);
}

/** The kind of an errCode the server answered, or undefined (no errCode, or one this client does not know). */
export function failureKindOf(errCode: unknown): FailureKind | undefined {
  if (typeof errCode !== 'number') return undefined;
  return BY_CODE.get(errCode);
}
const BY_CODE = new Map<number, FailureKind>(
  (Object.keys(FAILURES) as FailureKind[]).map((k) => [FAILURES[k].errCode, k]),
);
