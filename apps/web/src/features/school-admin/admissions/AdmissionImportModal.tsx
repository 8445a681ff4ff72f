import type { AdmissionImportResult } from '@yj/contracts';
import { uploadFile } from '../../../api/upload';
import { ImportModal } from '../common/ImportModal';
import type { SchoolImportProps } from '../common/ImportModal';

/** 批量导入升学去向: a row of a year, class and name already kept is updated, the others added. */
export function AdmissionImportModal(p: SchoolImportProps<AdmissionImportResult>) {
  return (
    <ImportModal<AdmissionImportResult>
      open={p.open}
      onClose={p.onClose}
      onImported={p.onImported}
      what="升学去向"
      templatePath={`/api/school/${p.schoolId}/admissions/template`}
      templateName="升学去向导入模板.xlsx"
      columnsHint={
        <>
          <b>毕业年份、姓名、录取院校、录取批次</b>为必填，学号、班级、录取专业、院校层次选填。
          同一届同一班级的同名学生已有记录时会被更新。
        </>
      }
      allowOnlyValid
      upload={(file, onlyValid, onProgress) =>
        uploadFile<AdmissionImportResult>(
          `/api/school/${p.schoolId}/admissions/import?onlyValid=${onlyValid}`,
          file,
          onProgress,
        )
      }
      describe={(r) =>
        [`新增 ${r.created} 条`, `更新 ${r.updated} 条`, r.skipped ? `跳过有错误的 ${r.skipped} 行` : '']
          .filter(Boolean)
          .join('，')
      }
    />
  );
}
