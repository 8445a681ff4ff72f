import type { ScoreImportResult } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { uploadFile } from '../../api/upload';
import { ImportModal } from '../school-admin/common/ImportModal';
import { scoreKeys } from '../score/score.queries';

/** 导入成绩: a subject not marked here takes its scores from Excel (the server refuses a scanned subject). */
export function ScoreImportButton({ subjectId, examId }: { subjectId: number; examId: number }) {
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="score-import">
        导入成绩
      </Button>
      <ImportModal<ScoreImportResult>
        open={open}
        onClose={() => setOpen(false)}
        what="成绩"
        columnsHint={
          <>
            <b>考号、成绩</b>为必填，成绩填分数（最多一位小数）或“缺考”；<b>姓名</b>选填，填写时须与考号一致。
            只适用于未在本系统扫描阅卷的科目，已导入的考生再次导入时成绩被覆盖。
          </>
        }
        templatePath={`/api/subject/${subjectId}/score/import/template`}
        templateName="成绩导入模板.xlsx"
        allowOnlyValid
        upload={(file, onlyValid, onProgress) =>
          uploadFile<ScoreImportResult>(
            `/api/subject/${subjectId}/score/import?onlyValid=${onlyValid}`,
            file,
            onProgress,
          )
        }
        describe={(r) =>
          [
            `导入 ${r.imported} 名考生的成绩`,
            r.absent ? `其中缺考 ${r.absent} 名` : '',
            r.skipped ? `跳过有错误的 ${r.skipped} 行` : '',
          ]
            .filter(Boolean)
            .join('，')
        }
        onImported={() => {
          void qc.invalidateQueries({ queryKey: scoreKeys.subject(subjectId) });
          void qc.invalidateQueries({ queryKey: ['allScore', examId] });
        }}
      />
    </>
  );
}
