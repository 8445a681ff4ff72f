import { navItems } from '../../app/shell/nav-items';

/** Pages and controls people know by name; any other shows its route pattern or key as it is. */
const PAGES: Record<string, string> = {
  '/book/home': '首页',
  '/book/help': '帮助中心',
  '/book/messages': '消息',
  '/book/offline/task': '我的任务',
  '/book/task_info': '我的任务',
  '/book/monitor/page-static': '访问统计',
  '/book/subject/:subjectId/answerCard': '扫描答题卡',
  '/book/exam/:examId': '考试详情',
  '/book/exam/:examId/all_score': '全科成绩',
};

const CONTROLS: Record<string, string> = {
  'header.tasks': '顶部 · 我的任务',
  'task.download': '我的任务 · 下载',
  'task.handle': '我的任务 · 去处理 / 查看',
  'task.scope': '我的任务 · 我发起的 / 全校',
  'monitor.days': '访问统计 · 时间范围',
};

/** A page's name for the summary: the header entry it is, else its route pattern. */
export function pageName(page: string): string {
  if (PAGES[page]) return PAGES[page];
  const entry = navItems().find((n) => n.to === page);
  return entry ? entry.label : page;
}

/** A control's name for the summary: the header entry it opens (`nav.<key>`), a known key, else the key. */
export function controlName(control: string): string {
  if (CONTROLS[control]) return CONTROLS[control];
  if (control.startsWith('nav.')) {
    const entry = navItems().find((n) => n.key === control.slice(4));
    if (entry) return `顶部菜单 · ${entry.label}`;
  }
  return control;
}
