import type { RouteObject } from 'react-router';

/** Question structure and block screens of spec §2 under /book (题目设置, 题块设置, 题块框选, 阅卷分配). */
export const questionRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/setting/question', lazy: () => import('./QuestionSettingPage') },
  // 在线考试 (issue 34): the setting, 发布 / 取消, who sits
  { path: 'subject/:subjectId/setting/online', lazy: () => import('./OnlineExamPage') },
  { path: 'subject/:subjectId/setting/block', lazy: () => import('./BlockSettingPage') },
  { path: 'subject/:subjectId/setting/block/style', lazy: () => import('./BlockStylePage') },
  { path: 'exam/:examId/setting/block', lazy: () => import('./ExamBlockPage') },
  // 阅卷分配: who marks and leads each block
  { path: 'subject/:subjectId/setting/task', lazy: () => import('./TaskSettingPage') },
  { path: 'subject/:subjectId/setting/divide', lazy: () => import('./DivideSettingPage') },
  { path: 'exam/:examId/all_setting_task', lazy: () => import('./ExamTaskPage') },
];
