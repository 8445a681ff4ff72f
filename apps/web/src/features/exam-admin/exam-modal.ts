import type { ExamDetail } from '@yj/contracts';

/** What a modal over one exam takes: the exam, whether it shows, how it closes. */
export interface ExamModalProps {
  exam: ExamDetail;
  open: boolean;
  onClose: () => void;
}
