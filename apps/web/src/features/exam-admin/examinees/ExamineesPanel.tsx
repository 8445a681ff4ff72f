import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { allows, ExamType, type ExamDetail, type ExamineeItem, type ExamineeListQuery } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Empty, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { handleApiError } from '../../../api/handle-error';
import { downloadFile } from '../../school-admin/download';
import { examAdminApi, examineeFiles } from '../exam-admin.api';
import { classesQuery, examineesQuery, invalidateExam } from '../exam-admin.queries';
import { AddExamineesModal } from './AddExamineesModal';
import { examineeColumns, type EditDraft } from './examinee-columns';
import { ImportExamineesModal } from './ImportExamineesModal';
import { QueryTable } from '../../../components/QueryTable';

const PAGE_SIZE = 20;

interface Props {
  exam: ExamDetail;
  /** on a subject's screen: show and set 缺考 for that subject */
  subject?: { id: number; name: string; canMarkAbsent: boolean };
}

/** The examinees of an exam: take in, import, export, edit one, set A/B or 缺考 on many, remove. */
export function ExamineesPanel({ exam, subject }: Props) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const joint = exam.type === ExamType.joint;
  const canManage = exam.can.manage;
  // removing examinees or changing 试卷类型 moves a published subject's figures: 取消发布 first
  const examineesEditable = exam.subjects.every((x) => allows(x.status, 'editExaminees'));
  const [filter, setFilter] = useState<Omit<ExamineeListQuery, 'page' | 'size'>>({});
  const [keywordDraft, setKeywordDraft] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [draft, setDraft] = useState<EditDraft>({ kaohao: '', kaochang: '', seat: null });
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);

  const q: ExamineeListQuery = {
    page,
    size: PAGE_SIZE,
    ...filter,
    ...(subject ? { subjectId: subject.id } : {}),
  };
  const list = useQuery(examineesQuery(exam.id, q));
  const classes = useQuery({
    ...classesQuery(exam.schoolId ?? 0),
    enabled: !joint && exam.schoolId !== null,
    meta: { silent: true },
  });
  const gradeClasses = (classes.data ?? []).filter(
    (c) => exam.gradeId === null || c.gradeId === exam.gradeId,
  );

  const applyFilter = (patch: Partial<ExamineeListQuery>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected([]);
  };

  const refresh = async () => {
    setSelected([]);
    await invalidateExam(qc, exam.id);
  };

  const batch = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      await refresh();
      message.success(done);
    } catch (e) {
      handleApiError(e);
    }
  };

  const save = async (row: ExamineeItem) => {
    if (!/^[0-9A-Za-z-]{1,20}$/.test(draft.kaohao)) {
      message.error('考号只能包含数字、字母和短横线，最多 20 位');
      return;
    }
    setSaving(true);
    try {
      await examAdminApi.updateExaminee(exam.id, row.id, {
        kaohao: draft.kaohao,
        kaochang: draft.kaochang.trim() || null,
        seat: draft.seat,
      });
      setEditingId(null);
      await refresh();
      message.success(`已保存 ${row.name} 的考号和座位`);
    } catch (e) {
      handleApiError(e);
    } finally {
      setSaving(false);
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      title: `移除 ${selected.length} 名考生`,
      content: '移除后这些学生不再参加本次考试，已分配的考号会空出来。学生档案不受影响，之后可以重新添加。',
      okText: '移除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        batch(() => examAdminApi.removeExaminees(exam.id, selected), `已移除 ${selected.length} 名考生`),
    });

  const total = list.data?.total ?? 0;
  const filtered = Boolean(filter.keyword || filter.classId || filter.kaochang);
  const empty = filtered ? (
    <Empty description="没有符合条件的考生" />
  ) : (
    <Empty
      description={
        canManage
          ? '还没有考生。点击“添加考生”按班级选入学生，或从 Excel 导入。'
          : '还没有考生，请等待考试管理员添加。'
      }
    >
      {canManage && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加考生
        </Button>
      )}
    </Empty>
  );

  const toolbar = canManage && (
    <Space wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
        添加考生
      </Button>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        导入
      </Button>
      <Button
        icon={<DownloadOutlined />}
        disabled={!total}
        onClick={() => void downloadFile(examineeFiles.export(exam.id), '考生名单.xlsx')}
      >
        导出名单
      </Button>
    </Space>
  );

  return (
    <Card
      title={subject ? `${subject.name} · 考生` : '考生名单'}
      extra={toolbar}
      data-testid="examinees-panel"
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16, alignItems: 'center' }}>
        <Input.Search
          allowClear
          placeholder="搜索姓名、学号或考号"
          style={{ width: 240 }}
          value={keywordDraft}
          onChange={(e) => setKeywordDraft(e.target.value)}
          onSearch={(v) => applyFilter({ keyword: v.trim() || undefined })}
        />
        {!joint && (
          <Select<number>
            allowClear
            placeholder="全部班级"
            style={{ width: 150 }}
            value={filter.classId}
            options={gradeClasses.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(classId) => applyFilter({ classId })}
          />
        )}
        {joint && exam.schoolList.length > 1 && (
          <Select<number>
            allowClear
            placeholder="全部学校"
            style={{ width: 200 }}
            value={filter.schoolId}
            options={exam.schoolList.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(schoolId) => applyFilter({ schoolId })}
          />
        )}
        <Input.Search
          allowClear
          placeholder="考场号"
          style={{ width: 140 }}
          onSearch={(v) => applyFilter({ kaochang: v.trim() || undefined })}
        />
        <div style={{ flex: 1 }} />
        {selected.length > 0 && (
          <Space wrap data-testid="examinee-batch">
            <Typography.Text type="secondary">已选 {selected.length} 人</Typography.Text>
            {canManage && examineesEditable && (
              <Dropdown
                menu={{
                  items: [
                    { key: 'A', label: '设为 A 卷' },
                    { key: 'B', label: '设为 B 卷' },
                    { key: 'none', label: '不区分 A/B 卷' },
                  ],
                  onClick: ({ key }) => {
                    const t = key === 'none' ? null : (key as 'A' | 'B');
                    void batch(
                      () => examAdminApi.paperType(exam.id, selected, t),
                      t ? `已设为 ${t} 卷` : '已取消 A/B 卷',
                    );
                  },
                }}
              >
                <Button>试卷类型</Button>
              </Dropdown>
            )}
            {subject?.canMarkAbsent && (
              <>
                <Button
                  onClick={() =>
                    void batch(
                      () => examAdminApi.absent(subject.id, selected, true),
                      `已将 ${selected.length} 人标记为${subject.name}缺考`,
                    )
                  }
                >
                  标记缺考
                </Button>
                <Button
                  onClick={() =>
                    void batch(() => examAdminApi.absent(subject.id, selected, false), '已取消缺考')
                  }
                >
                  取消缺考
                </Button>
              </>
            )}
            {canManage && examineesEditable && (
              <Button danger onClick={confirmRemove}>
                移除
              </Button>
            )}
          </Space>
        )}
      </div>
      <QueryTable<ExamineeItem>
        rowKey="id"
        size="middle"
        data-testid="examinee-table"
        query={list}
        dataSource={list.data?.items ?? []}
        empty={empty}
        rowSelection={
          canManage || subject?.canMarkAbsent
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        columns={examineeColumns({
          joint,
          withAbsent: Boolean(subject),
          canManage,
          editingId,
          draft,
          onDraft: setDraft,
          onEdit: (r) => {
            setEditingId(r.id);
            setDraft({ kaohao: r.kaohao, kaochang: r.kaochang ?? '', seat: r.seat });
          },
          onSave: (r) => void save(r),
          onCancel: () => setEditingId(null),
          saving,
        })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 名考生`,
          onChange: (p) => {
            setPage(p);
            setEditingId(null);
          },
        }}
      />
      {canManage && <AddExamineesModal exam={exam} open={adding} onClose={() => setAdding(false)} />}
      {canManage && (
        <ImportExamineesModal examId={exam.id} open={importing} onClose={() => setImporting(false)} />
      )}
    </Card>
  );
}
