import type { ScanExceptionItem } from '@yj/contracts';

/** An open 客观题异常 of question `region` with these bubble fills, as the exception list gives it. */
export const objectiveItem = (
  id: number,
  region: string,
  fills: number[],
  over: Partial<ScanExceptionItem> = {},
): ScanExceptionItem => ({
  id,
  type: 'objective',
  label: '客观题异常',
  paperId: id,
  pageId: id,
  batchId: 1,
  schoolId: 1,
  kaohao: null,
  region,
  reason: '多选',
  detail: { fills },
  resolved: false,
  createdAt: '',
  ...over,
});
