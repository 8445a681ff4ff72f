import type { ExamDetail } from '@yj/contracts';
import type { TablePaginationConfig } from 'antd';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import type { Crumb } from '../exam-admin/PageFrame';

/** Rows per page of the scan lists (missed examinees, recognised papers). */
export const SCAN_PAGE_SIZE = 50;

/** Breadcrumb trail of a screen under a subject's 扫描与识别. */
export function scanCrumbs(exam: ExamDetail, subject: { id: number; name: string }, here: string): Crumb[] {
  return subjectCrumbs(
    exam,
    subject,
    { title: '扫描与识别', to: `/book/subject/${subject.id}/answerCard` },
    { title: here },
  );
}

/** Pagination of a scan list: fixed pages of SCAN_PAGE_SIZE rows. */
export function scanPagination(
  page: number,
  total: number,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return { current: page, pageSize: SCAN_PAGE_SIZE, total, onChange, showSizeChanger: false };
}
