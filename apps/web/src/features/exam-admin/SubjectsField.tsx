import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { coursesQuery } from './exam-admin.queries';
import { subjectStatusLabel } from './exam-state';

export interface SubjectRow {
  id?: number;
  course?: string;
  fullScore?: number;
  /** status of a saved subject: only 设置中 (0) may change */
  status?: number;
}

/** The usual full score of a course, so most rows need no typing. */
export function defaultFullScore(course: string): number {
  return ['语文', '数学', '英语'].includes(course) ? 150 : 100;
}

/**
 * Subjects with full scores, as a Form.List named `subjects`. Saved subjects past 设置中 are shown
 * locked: the server refuses to change or remove them (当前科目状态不允许此操作).
 */
export function SubjectsField() {
  const courses = useQuery(coursesQuery());
  const form = Form.useFormInstance();
  const rows = (Form.useWatch('subjects', form) as SubjectRow[] | undefined) ?? [];
  const used = new Set(rows.map((r) => r?.course).filter(Boolean));

  return (
    <Form.List
      name="subjects"
      rules={[
        {
          validator: async (_, value: SubjectRow[] | undefined) => {
            if (!value?.length) throw new Error('至少添加一个科目');
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="subjects-field">
          {fields.map((field, index) => {
            const row = rows[index];
            const locked = row?.status !== undefined && row.status !== 0;
            return (
              <div key={field.key}>
                {/* Registered so the submitted values keep them: without the id a saved subject would be
                    sent as new, and the server would replace it (losing its roles and settings). */}
                <Form.Item name={[field.name, 'id']} hidden noStyle>
                  <InputNumber />
                </Form.Item>
                <Form.Item name={[field.name, 'status']} hidden noStyle>
                  <InputNumber />
                </Form.Item>
                <Space align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                  <Form.Item
                    name={[field.name, 'course']}
                    rules={[{ required: true, message: '请选择学科' }]}
                    style={{ width: 200 }}
                  >
                    <Select
                      showSearch
                      placeholder="选择学科"
                      disabled={locked}
                      aria-label={`第 ${index + 1} 个科目`}
                      loading={courses.isPending}
                      options={(courses.data ?? []).map((c) => ({
                        value: c,
                        label: c,
                        disabled: used.has(c) && row?.course !== c,
                      }))}
                      onChange={(c: string) => {
                        if (!row?.fullScore)
                          form.setFieldValue(['subjects', field.name, 'fullScore'], defaultFullScore(c));
                      }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'fullScore']}
                    rules={[{ required: true, message: '请填写满分' }]}
                    style={{ width: 160 }}
                  >
                    <InputNumber
                      min={1}
                      max={1000}
                      suffix="分"
                      placeholder="满分"
                      disabled={locked}
                      aria-label={`第 ${index + 1} 个科目满分`}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  {locked ? (
                    <Tooltip title="该科目已开始阅卷，满分和学科不能再修改，也不能删除">
                      <Tag icon={<LockOutlined />}>{subjectStatusLabel(row.status ?? 0)}</Tag>
                    </Tooltip>
                  ) : (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`删除第 ${index + 1} 个科目`}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Space>
              </div>
            );
          })}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ width: 376 }}>
            添加科目
          </Button>
          <Form.ErrorList errors={errors} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            选择学科后自动填入常用满分（语数英 150 分，其他 100 分），可按实际修改。
          </Typography.Paragraph>
        </div>
      )}
    </Form.List>
  );
}

/** The rows as the server wants them (the ids of saved subjects kept so they are updated, not re-created). */
export function toSubjectInputs(
  rows: SubjectRow[],
): Array<{ id?: number; course: string; fullScore: number }> {
  return rows
    .filter(
      (r): r is SubjectRow & { course: string; fullScore: number } =>
        Boolean(r.course) && typeof r.fullScore === 'number',
    )
    .map((r) =>
      r.id
        ? { id: r.id, course: r.course, fullScore: r.fullScore }
        : { course: r.course, fullScore: r.fullScore },
    );
}
