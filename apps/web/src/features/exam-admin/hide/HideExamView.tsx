import { ArrowLeftOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { EXAM_TYPE_LABELS, ExamType, type ExamDetail } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Result, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { handleApiError } from '../../../api/handle-error';
import { examAdminApi } from '../exam-admin.api';
import { invalidateExam } from '../exam-admin.queries';
import { dateRange } from '../exam-columns';
import { examStateLabel, examStateOf, subjectStatusColor, subjectStatusLabel } from '../exam-state';
import { examCrumbs } from '../ExamLoader';
import { PageFrame } from '../PageFrame';

/** exam/{examId}/hide: what hiding does, and a switch that hides or restores the exam after confirming. */
export function HideExamView({ exam }: { exam: ExamDetail }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const joint = exam.type === ExamType.joint;
  const listName = joint ? '联考' : '校内考试';
  const listTo = joint ? '/book/jointExam/home' : '/book/inSchool';
  const back = (
    <Link to={`/book/exam/${exam.id}`}>
      <Button icon={<ArrowLeftOutlined />}>返回考试详情</Button>
    </Link>
  );

  const change = (hidden: boolean) =>
    modal.confirm({
      title: hidden ? '隐藏考试' : '恢复显示',
      content: hidden
        ? `隐藏后，“${exam.name}”不再出现在“${listName}”列表和老师们的首页，数据不会删除，可以随时恢复。`
        : `“${exam.name}”将重新出现在“${listName}”列表和老师们的首页。`,
      okText: hidden ? '隐藏' : '恢复显示',
      cancelText: '取消',
      onOk: async () => {
        setSaving(true);
        try {
          await examAdminApi.hide(exam.id, hidden);
          await invalidateExam(qc, exam.id);
          message.success(hidden ? '考试已隐藏' : '考试已恢复显示');
        } catch (e) {
          handleApiError(e);
        } finally {
          setSaving(false);
        }
      },
    });

  return (
    <PageFrame
      crumbs={examCrumbs(exam, '隐藏考试')}
      title={`${exam.name} · 隐藏考试`}
      extra={back}
      testId="exam-hide"
    >
      <Card title="考试信息">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="middle">
          <Descriptions.Item label="考试名称">{exam.name}</Descriptions.Item>
          <Descriptions.Item label="类型">{EXAM_TYPE_LABELS[exam.type] ?? '考试'}</Descriptions.Item>
          <Descriptions.Item label="考试日期">{dateRange(exam.startDate, exam.endDate)}</Descriptions.Item>
          <Descriptions.Item label="年级">{exam.gradeName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="考生">{exam.examinees} 人</Descriptions.Item>
          <Descriptions.Item label="考试状态">{examStateLabel(examStateOf(exam.subjects))}</Descriptions.Item>
          <Descriptions.Item
            label={joint ? `参加学校（${exam.schoolList.length} 所）` : '学校'}
            span="filled"
          >
            {joint
              ? exam.schoolList.map((s) => s.name).join('、') || '—'
              : (exam.schoolName ?? exam.schoolList[0]?.name ?? '—')}
          </Descriptions.Item>
          <Descriptions.Item label="科目" span="filled">
            {exam.subjects.length ? (
              <Space size={[6, 6]} wrap data-testid="hide-subjects">
                {exam.subjects.map((s) => (
                  <Tag key={s.id} color={subjectStatusColor(s.status)}>
                    {s.name} · {subjectStatusLabel(s.status)}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">未添加科目</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {exam.can.manage ? (
        <Card title="是否隐藏">
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Alert
              type={exam.hidden ? 'warning' : 'success'}
              showIcon
              icon={exam.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              data-testid="hide-state"
              title={exam.hidden ? '这场考试已隐藏' : '这场考试正常显示'}
              description={
                exam.hidden
                  ? `它不在“${listName}”列表和老师们的首页中显示；在列表中勾选“显示已隐藏”可以找到它。`
                  : `它出现在“${listName}”列表和参与老师的首页中。`
              }
            />
            <Space size={12}>
              <Switch
                checked={exam.hidden}
                loading={saving}
                onChange={(v) => change(v)}
                aria-label="隐藏这场考试"
              />
              <Typography.Text strong>隐藏这场考试</Typography.Text>
              <Typography.Text type="secondary">切换前会再次确认</Typography.Text>
            </Space>
            <div>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                隐藏后会怎样
              </Typography.Title>
              <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 2 }} data-testid="hide-effects">
                <li>
                  不再出现在“{listName}
                  ”列表中（勾选“显示已隐藏”仍可找到），也不再出现在老师们首页的“我的考试”中。
                </li>
                <li>考试、科目、考生、人员分工以及已扫描、已批阅的数据都会保留，不会删除任何内容。</li>
                <li>隐藏不改变考试和科目的状态，也不改变任何人员的权限。</li>
                <li>可随时在本页恢复显示，恢复后一切如初。</li>
              </ul>
            </div>
            <Space wrap>
              {back}
              <Link to={listTo}>
                <Button type="link">前往{listName}列表</Button>
              </Link>
            </Space>
          </Space>
        </Card>
      ) : (
        <Card>
          <Result status="403" title="无权限" subTitle="只有考试管理员可以隐藏或恢复考试。" extra={back} />
        </Card>
      )}
    </PageFrame>
  );
}
