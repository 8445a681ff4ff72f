import type { ScanSchoolStatus } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { schoolsQuery } from './scan.queries';

/**
 * The school a batch belongs to: the schools the user scans for in this subject (the server narrows the
 * list); one school needs no choice. A school whose 扫描完成 is confirmed cannot be sent to.
 */
export function useScanSchool(subjectId: number) {
  const q = useQuery(schoolsQuery(subjectId));
  const [chosen, setChosen] = useState<number>();
  const schools = q.data ?? [];
  const school =
    schools.find((s) => s.schoolId === chosen) ?? schools.find((s) => !s.finished) ?? schools[0] ?? null;
  return { schools, school, choose: setChosen, loading: q.isPending };
}

export function SchoolPicker({
  schools,
  school,
  onChange,
  disabled,
}: {
  schools: ScanSchoolStatus[];
  school: ScanSchoolStatus | null;
  onChange: (schoolId: number) => void;
  disabled?: boolean;
}) {
  if (!school) return null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space>
        <Typography.Text>所属学校：</Typography.Text>
        {schools.length > 1 ? (
          <Select
            style={{ minWidth: 240 }}
            value={school.schoolId}
            disabled={disabled}
            onChange={onChange}
            data-testid="scan-school"
            options={schools.map((s) => ({
              value: s.schoolId,
              label: s.finished ? `${s.schoolName}（已确认扫描完成）` : s.schoolName,
            }))}
          />
        ) : (
          <Typography.Text strong>{school.schoolName}</Typography.Text>
        )}
      </Space>
      {school.finished && (
        <Alert
          type="warning"
          showIcon
          data-testid="school-finished"
          title={`${school.schoolName}本科目已确认扫描完成，不能再上传；如需补扫，请先在下方“扫描完成确认”中重新打开扫描。`}
        />
      )}
    </Space>
  );
}
