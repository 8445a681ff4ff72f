import type { ImportResult } from '@yj/contracts';
import { ImportModal, schoolImport, type SchoolImportProps } from '../common/ImportModal';
import { uploadFile } from '../../../api/upload';

/** 批量导入学生: existing xuehao are updated, new ones added, missing classes created. */
export function StudentImportModal(p: SchoolImportProps<ImportResult>) {
  return (
    <ImportModal<ImportResult>
      {...schoolImport(p, 'students', '学生')}
      columnsHint={
        <>
          <b>姓名、学号、年级、班级</b>为必填，<b>性别</b>选填（男 /
          女）。学号已存在的学生会被更新，班级不存在时自动创建（年级须已存在）。
        </>
      }
      allowOnlyValid
      upload={(file, onlyValid, onProgress) =>
        uploadFile<ImportResult>(
          `/api/school/${p.schoolId}/students/import?onlyValid=${onlyValid}`,
          file,
          onProgress,
        )
      }
      describe={(r) =>
        [
          `新增 ${r.created} 名学生`,
          `更新 ${r.updated} 名`,
          r.classesCreated ? `新建班级 ${r.classesCreated} 个` : '',
          r.skipped ? `跳过有错误的 ${r.skipped} 行` : '',
        ]
          .filter(Boolean)
          .join('，')
      }
    />
  );
}
