import { Typography } from 'antd';
import { ImportModal, schoolImport, type SchoolImportProps } from '../common/ImportModal';
import { uploadFile } from '../../../api/upload';

export interface TeacherImportResult {
  created: number;
  linked: number;
  initialPassword: string | null;
}

/** 批量导入老师: all rows checked first; new accounts share one initial password, shown once. */
export function TeacherImportModal(p: SchoolImportProps<TeacherImportResult>) {
  return (
    <ImportModal<TeacherImportResult>
      {...schoolImport(p, 'teachers', '老师')}
      columnsHint={
        <>
          <b>姓名、手机号</b>为必填，<b>学科、任教班级</b>选填，多个用逗号分隔（班级须已存在）。
        </>
      }
      allowOnlyValid={false}
      upload={(file, _onlyValid, onProgress) =>
        uploadFile<TeacherImportResult>(`/api/school/${p.schoolId}/teachers/import`, file, onProgress)
      }
      describe={(r) => (
        <>
          新建账号 {r.created} 个，已有账号加入本校 {r.linked} 个。
          {r.initialPassword && (
            <div style={{ marginTop: 8 }}>
              新账号的初始密码：
              <Typography.Text code copyable={{ text: r.initialPassword, tooltips: ['复制', '已复制'] }}>
                {r.initialPassword}
              </Typography.Text>
              （只显示这一次，首次登录须修改）
            </div>
          )}
        </>
      )}
    />
  );
}
