import { useDialogGuard } from '../../../app/useDialogGuard';
import { useExclusive } from '../../../app/useExclusive';
import { ExamType, type ExamDetail } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { handleApiError } from '../../../api/handle-error';
import { examAdminApi } from '../exam-admin.api';
import { invalidateExam } from '../exam-admin.queries';
import {
  allowsSubject,
  assignableRoles,
  needsSchool,
  needsSubject,
  roleAbilityText,
  roleLabel,
} from './role-rules';
import { TeacherSelect } from './TeacherSelect';

export interface RolePreset {
  role?: number;
  subjectId?: number;
}

/**
 * The subject or school a role is given for. Where the role does not need one it may be left empty, which means
 * every subject (school) of the exam.
 */
function ScopeItem({
  what,
  required,
  value,
  of,
  onChange,
}: {
  what: '科目' | '学校';
  required: boolean;
  value: number | undefined;
  of: { id: number; name: string }[];
  onChange: (id: number | undefined) => void;
}) {
  return (
    <Form.Item label={required ? what : `${what}（可不选，表示全部${what}）`}>
      <Select<number>
        aria-label={what}
        allowClear={!required}
        placeholder={`选择${what}`}
        value={value}
        options={of.map((s) => ({ value: s.id, label: s.name }))}
        onChange={onChange}
      />
    </Form.Item>
  );
}

/** 添加人员: a role, its subject or school where the role needs one, and the teachers who get it. */
export function AddRoleModal({
  exam,
  preset,
  onClose,
}: {
  exam: ExamDetail;
  preset: RolePreset | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const joint = exam.type === ExamType.joint;
  const [role, setRole] = useState<number | undefined>(preset?.role);
  const [subjectId, setSubjectId] = useState<number | undefined>(preset?.subjectId);
  const [schoolId, setSchoolId] = useState<number | undefined>(exam.schoolId ?? undefined);
  const [onlyCourse, setOnlyCourse] = useState(true);
  const [userIds, setUserIds] = useState<number[]>([]);
  const { busy: saving, run } = useExclusive();
  const choice = JSON.stringify({ role, subjectId, schoolId, onlyCourse, userIds });
  const [start] = useState(choice);
  const guard = useDialogGuard({ open: true, dirty: choice !== start, saving, onClose });
  // teachers/all needs a school of the exam; the role's own school wins, else the exam's first one
  const pickerSchool = schoolId ?? exam.schoolId ?? exam.schoolList[0]?.id ?? 0;

  const missing = !role
    ? '请选择角色'
    : needsSubject(role) && !subjectId
      ? '请选择科目'
      : needsSchool(role) && !schoolId
        ? '请选择学校'
        : !userIds.length
          ? '请选择老师'
          : null;

  const submit = () =>
    run(async () => {
      if (missing || !role) return;
      try {
        const body = {
          role,
          userIds,
          ...(allowsSubject(role) && subjectId ? { subjectId } : {}),
          ...((joint || needsSchool(role)) && schoolId ? { schoolId } : {}),
        };
        const r = await examAdminApi.addRole(exam.id, body);
        await invalidateExam(qc, exam.id);
        const subject = exam.subjects.find((s) => s.id === subjectId)?.name;
        message.success(
          `已添加 ${r.added} 位${subject && allowsSubject(role) ? subject : ''}${roleLabel(role)}${r.added < userIds.length ? `（${userIds.length - r.added} 位已有该角色）` : ''}`,
        );
        onClose();
      } catch (e) {
        handleApiError(e);
      }
    });

  return (
    <Modal
      title="添加人员"
      open={preset !== null}
      width={620}
      mask={{ closable: false }}
      onCancel={guard.close}
      cancelButtonProps={{ disabled: saving }}
      okText="添加"
      cancelText="取消"
      okButtonProps={{ disabled: missing !== null, loading: saving }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      {guard.leaveGuard}
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label="角色" extra={role ? `可以：${roleAbilityText(role)}` : undefined}>
          <Select<number>
            aria-label="角色"
            placeholder="选择角色"
            value={role}
            options={assignableRoles(joint)}
            onChange={setRole}
          />
        </Form.Item>
        {allowsSubject(role) && (
          <ScopeItem
            what="科目"
            required={needsSubject(role)}
            value={subjectId}
            of={exam.subjects}
            onChange={(v) => {
              setSubjectId(v);
              setUserIds([]);
            }}
          />
        )}
        {(joint || needsSchool(role)) && exam.schoolList.length > 0 && (
          <ScopeItem
            what="学校"
            required={needsSchool(role)}
            value={schoolId}
            of={exam.schoolList}
            onChange={setSchoolId}
          />
        )}
        <Form.Item label="老师">
          <TeacherSelect
            examId={exam.id}
            schoolId={pickerSchool}
            subjectId={allowsSubject(role) ? subjectId : undefined}
            onlyCourse={onlyCourse}
            onOnlyCourse={setOnlyCourse}
            value={userIds}
            onChange={setUserIds}
          />
        </Form.Item>
        {role === undefined && (
          <Alert
            type="info"
            showIcon
            title="先选择角色，再选择老师。一位老师可以同时担任多个角色，例如既是学科负责人又是阅卷老师。"
          />
        )}
        {missing && role !== undefined && <Typography.Text type="secondary">{missing}</Typography.Text>}
      </Form>
    </Modal>
  );
}
