import { useExclusive } from '../../../app/useExclusive';
import type { KaohaoRule } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Checkbox,
  Divider,
  Empty,
  Form,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { handleApiError } from '../../../api/handle-error';
import { examAdminApi } from '../exam-admin.api';
import { classesQuery, invalidateExam } from '../exam-admin.queries';
import { previewKaohao } from '../kaohao-preview';
import { DEFAULT_RULE, RuleFields } from './RuleFields';
import type { ExamModalProps } from '../exam-modal';

/**
 * 添加考生: take whole classes of a school into the exam, numbering them by a rule whose result is
 * previewed before anything is written. Students already in the exam are skipped by the server.
 */
export function AddExamineesModal({ exam, open, onClose }: ExamModalProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [schoolId, setSchoolId] = useState<number | undefined>(exam.schoolId ?? exam.schoolList[0]?.id);
  const [gradeId, setGradeId] = useState<number | undefined>(exam.gradeId ?? undefined);
  const [picked, setPicked] = useState<number[] | null>(null);
  const [rule, setRule] = useState<KaohaoRule>(DEFAULT_RULE);
  const [roomSize, setRoomSize] = useState(30);
  const { busy: saving, run } = useExclusive();
  const classes = useQuery({
    ...classesQuery(schoolId ?? 0),
    enabled: open && schoolId !== undefined,
    meta: { silent: true },
  });

  const grades = useMemo(() => {
    const seen = new Map<number, string>();
    for (const c of classes.data ?? []) seen.set(c.gradeId, c.gradeName);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [classes.data]);
  const effectiveGrade =
    gradeId !== undefined && grades.some((g) => g.value === gradeId) ? gradeId : grades[0]?.value;
  const gradeClasses = (classes.data ?? []).filter((c) => c.gradeId === effectiveGrade);
  // Every class of the grade is taken unless the user narrows it down.
  const chosenIds = picked ?? gradeClasses.map((c) => c.id);
  const chosen = gradeClasses.filter((c) => chosenIds.includes(c.id));
  const preview = previewKaohao(rule, chosen, roomSize, exam.examinees + 1);

  const submit = () =>
    run(async () => {
      try {
        const r = await examAdminApi.addExaminees(exam.id, {
          classIds: chosen.map((c) => c.id),
          rule,
          roomSize,
        });
        message.success(
          r.skipped
            ? `已添加 ${r.added} 名考生，${r.skipped} 名已在考试中的学生已跳过`
            : `已添加 ${r.added} 名考生`,
        );
        setPicked(null);
        onClose();
        // the save has answered: the list behind the dialog is read again with the dialog closed (it shows its own
        // loading state), not with the dialog still spinning over it (issue 31, point 12)
        void invalidateExam(qc, exam.id);
      } catch (e) {
        handleApiError(e);
      }
    });

  return (
    <Modal
      title="添加考生"
      open={open}
      width={760}
      onCancel={saving ? undefined : onClose}
      mask={{ closable: false }}
      okText={chosen.length ? `添加 ${preview.total} 名考生` : '添加考生'}
      cancelText="取消"
      okButtonProps={{ disabled: !chosen.length || preview.problem !== null, loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Spin spinning={saving} description="正在编排考号和考场，人数多时需要几秒钟…">
        <Form layout="vertical" requiredMark={false}>
          <Space wrap size={16}>
            {exam.schoolList.length > 1 && (
              <Form.Item label="学校" style={{ marginBottom: 12 }}>
                <Select
                  style={{ width: 220 }}
                  value={schoolId}
                  options={exam.schoolList.map((s) => ({ value: s.id, label: s.name }))}
                  onChange={(v: number) => {
                    setSchoolId(v);
                    setPicked(null);
                  }}
                />
              </Form.Item>
            )}
            <Form.Item label="年级" style={{ marginBottom: 12 }}>
              <Select
                style={{ width: 160 }}
                aria-label="年级"
                value={effectiveGrade}
                loading={classes.isPending}
                options={grades}
                onChange={(v: number) => {
                  setGradeId(v);
                  setPicked(null);
                }}
              />
            </Form.Item>
          </Space>
          <Form.Item label={`班级（已选 ${chosen.length} 个）`} style={{ marginBottom: 8 }}>
            {classes.isError ? (
              <Alert
                type="warning"
                showIcon
                title="班级列表加载失败：联考中只能添加本校有权限查看的班级，或请稍后重试。"
              />
            ) : gradeClasses.length ? (
              <>
                <Checkbox
                  checked={chosen.length === gradeClasses.length}
                  indeterminate={chosen.length > 0 && chosen.length < gradeClasses.length}
                  onChange={(e) => setPicked(e.target.checked ? gradeClasses.map((c) => c.id) : [])}
                  style={{ marginBottom: 8 }}
                >
                  全选
                </Checkbox>
                <Checkbox.Group
                  value={chosenIds}
                  onChange={(v) => setPicked(v)}
                  style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 8 }}
                  options={gradeClasses.map((c) => ({ value: c.id, label: `${c.name}（${c.students}人）` }))}
                />
              </>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  classes.isPending ? '正在加载班级…' : '该年级还没有班级，请先在学校管理中添加班级和学生'
                }
              />
            )}
          </Form.Item>
          <Divider style={{ margin: '12px 0' }} />
          <Form.Item label="考号规则" style={{ marginBottom: 12 }}>
            <RuleFields rule={rule} onRule={setRule} roomSize={roomSize} onRoomSize={setRoomSize} />
          </Form.Item>
          {chosen.length > 0 && (
            <>
              <Typography.Text strong>
                预览：{preview.total} 名考生，{preview.rooms} 个考场
              </Typography.Text>
              {preview.problem && (
                <Alert type="error" showIcon title={preview.problem} style={{ margin: '8px 0' }} />
              )}
              <Table
                size="small"
                rowKey="classId"
                style={{ marginTop: 8 }}
                pagination={false}
                scroll={{ y: 200 }}
                dataSource={preview.rows}
                data-testid="kaohao-preview"
                columns={[
                  { title: '班级', dataIndex: 'className' },
                  { title: '人数', dataIndex: 'students', width: 80 },
                  {
                    title: '考号范围',
                    key: 'range',
                    render: (_, r) => (r.first === r.last ? r.first : `${r.first} ～ ${r.last}`),
                  },
                ]}
              />
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                已在本次考试中的学生会自动跳过；考场号接着已有考场继续编排。添加后仍可逐个修改考号、考场和座位号。
              </Typography.Paragraph>
            </>
          )}
        </Form>
      </Spin>
    </Modal>
  );
}
