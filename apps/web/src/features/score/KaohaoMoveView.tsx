import { allows, type ScoreKaohaoItem, type ScoreStudentRow } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { scoreApi } from './score.api';
import { kaohaoMovesQuery, scoreKeys } from './score.queries';
import { figure } from './score-format';

interface MoveForm {
  from: string;
  to: string;
  reason: string;
}

const KAOHAO_RULES = [
  { required: true, whitespace: true, message: '请填写考号' },
  { pattern: /^\s*[0-9A-Za-z-]{1,32}\s*$/, message: '考号只能包含数字、字母和连字符' },
];

const who = (r: ScoreStudentRow) => `${r.name}（${r.kaohao}，${r.className}，现总分 ${figure(r.total)}）`;

/**
 * adjust/kaohao: the exam number was fixed after marking — the sheet of the current exam number moves to the
 * right examinee with its marks. Both students are looked up and named before the move is confirmed.
 */
export function KaohaoMoveView({ subject, permission }: SubjectBundle) {
  const subjectId = subject.subjectInfo.id;
  const [params] = useSearchParams();
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<MoveForm>();
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery(kaohaoMovesQuery(subjectId, page));
  const [looking, setLooking] = useState(false);
  const editable = permission.scoreAdjust && allows(subject.subjectInfo.status, 'adjustScores');
  const move = useOneAtATime({
    mutationFn: (v: { examineeId: number; kaohao: string; reason: string }) =>
      scoreApi.moveKaohao(subjectId, v),
    onSuccess: (r) => {
      void message.success(
        `答题卡已移给 ${r.to.name}（${r.to.kaohao}），总分 ${figure(r.to.total)}；${r.from.name} 现无答题卡`,
      );
      form.setFieldsValue({ from: '', to: '', reason: '' });
      void qc.invalidateQueries({ queryKey: scoreKeys.subject(subjectId) });
    },
  });

  /** The examinee of exactly this exam number, found through the student score search. */
  const find = async (kaohao: string) => {
    const r = await scoreApi.students(subjectId, {
      page: 1,
      size: 20,
      keyword: kaohao,
      sort: 'kaohao',
      order: 'asc',
    });
    return r.items.find((x) => x.kaohao === kaohao) ?? null;
  };

  const check = async (v: MoveForm) => {
    const [from, to, reason] = [v.from.trim(), v.to.trim(), v.reason.trim()];
    setLooking(true);
    try {
      const [a, b] = await Promise.all([find(from), find(to)]);
      if (!a) return void message.error(`考号 ${from} 不是本科目的考生`);
      if (!b) return void message.error(`考号 ${to} 不是本科目的考生`);
      modal.confirm({
        title: '确认考号调整？',
        content: (
          <Space direction="vertical" data-testid="kaohao-confirm">
            <span>将 {who(a)} 的答题卡及其评分</span>
            <span>移给 {who(b)}。</span>
            <Typography.Text type="secondary">
              调整后两名考生的成绩都将重新计算；{b.name} 如登记了缺考，缺考将被清除。
            </Typography.Text>
          </Space>
        ),
        okText: '确认调整',
        cancelText: '取消',
        onOk: () =>
          move.mutateAsync({ examineeId: a.examineeId, kaohao: b.kaohao, reason }).catch(() => undefined),
      });
    } finally {
      setLooking(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="kaohao-move">
      {editable ? (
        <Card title="考号调整">
          <Typography.Paragraph type="secondary">
            阅卷后发现考号填错时，把答题卡连同评分移给正确的考生。正确考号的考生须是本校考生且本科目没有答题卡。
          </Typography.Paragraph>
          <Form<MoveForm>
            form={form}
            layout="inline"
            requiredMark={false}
            initialValues={{ from: params.get('from') ?? '', to: '', reason: '' }}
            onFinish={(v) => void check(v)}
          >
            <Form.Item name="from" label="当前考号" rules={KAOHAO_RULES}>
              <Input placeholder="答题卡现在的考号" aria-label="当前考号" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="to" label="正确考号" rules={KAOHAO_RULES}>
              <Input placeholder="答题卡应属的考号" aria-label="正确考号" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item
              name="reason"
              label="调整原因"
              rules={[
                { required: true, whitespace: true, message: '请填写调整原因' },
                { max: 200, message: '不能超过 200 字' },
              ]}
            >
              <Input
                placeholder="例如 考号填涂错误"
                maxLength={200}
                aria-label="调整原因"
                style={{ width: 260 }}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={looking || move.isPending}>
                核对并调整
              </Button>
            </Form.Item>
          </Form>
        </Card>
      ) : (
        <Alert type="info" showIcon message="当前科目状态不允许调整考号（成绩已发布时请先取消发布）" />
      )}
      {list.isError ? (
        <QueryFailed title="考号调整记录加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Card title={list.data ? `考号调整记录：${list.data.total} 条` : '考号调整记录'}>
          <Table<ScoreKaohaoItem>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            dataSource={list.data?.items}
            locale={{ emptyText: '还没有调整过考号' }}
            pagination={{ current: page, pageSize: 50, total: list.data?.total ?? 0, onChange: setPage }}
            columns={[
              { title: '原考号', dataIndex: 'fromKaohao' },
              { title: '原考生', dataIndex: 'fromName' },
              { title: '正确考号', dataIndex: 'toKaohao' },
              { title: '正确考生', dataIndex: 'toName' },
              { title: '原因', dataIndex: 'reason' },
              { title: '操作人', dataIndex: 'userName' },
              { title: '时间', render: (_, r) => new Date(r.at).toLocaleString('zh-CN') },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
