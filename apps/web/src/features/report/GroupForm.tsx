import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  Typography,
  type ButtonProps,
} from 'antd';
import { reportGroupBody, type Report, type ReportGroupCandidate, type ReportGroupItem } from '@yj/contracts';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useDialogGuard } from '../../app/useDialogGuard';
import { useDebounced } from '../acard/useDebounced';
import { GroupImportDialog } from './GroupImportDialog';
import { reportApi } from './report.api';

type Kind = 'classes' | 'students';
interface Draft {
  name: string;
  kind: Kind;
  classIds: number[];
  /** chosen examinees with the label they were chosen by (a search answer is gone once the text changes) */
  students: { value: number; label: string }[];
}

const studentOption = (c: ReportGroupCandidate) => ({
  value: c.examineeId,
  label: `${c.name}（${c.kaohao}，${c.className}）`,
});

const draftOf = (g: ReportGroupItem | null): Draft => ({
  name: g?.name ?? '',
  kind: g?.kind ?? 'classes',
  classIds: g?.classIds ?? [],
  students: (g?.students ?? []).map(studentOption),
});

/** The draft with these examinees added (those not chosen yet), in the order given. */
function withStudents(d: Draft, found: readonly ReportGroupCandidate[]): Draft {
  const had = new Set(d.students.map((x) => x.value));
  return {
    ...d,
    students: [...d.students, ...found.filter((c) => !had.has(c.examineeId)).map(studentOption)],
  };
}

/** Examinees found by exam number or name (after the reader stops typing), among those they may see. */
function useCandidates(examId: number, keyword: string) {
  return useQuery({
    queryKey: ['report', examId, 'group-candidates', keyword],
    queryFn: () => reportApi.groupCandidates(examId, keyword),
    enabled: keyword.trim().length > 0,
    meta: { silent: true },
  });
}

/** 粘贴考号: a column of exam numbers copied from a spreadsheet, the examinees found added to the choice. */
function PasteKaohao({
  examId,
  onFound,
}: {
  examId: number;
  onFound: (found: ReportGroupCandidate[]) => void;
}) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const look = useOneAtATime({
    mutationFn: (kaohaos: string[]) => reportApi.groupByKaohao(examId, kaohaos),
    onSuccess: (r) => {
      onFound(r.found);
      setMissing(r.missing);
      setText('');
      message.success(`已添加 ${r.found.length} 名学生`);
    },
  });
  const kaohaos = [...new Set(text.split(/[\s,，;；]+/).filter(Boolean))];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="从 Excel 复制一列考号粘贴到这里（每行一个）"
        data-testid="group-paste"
      />
      <Button
        size="small"
        disabled={!kaohaos.length}
        loading={look.isPending}
        onClick={() => void look.mutateAsync(kaohaos).catch(() => undefined)}
        data-testid="group-paste-add"
      >
        按考号添加{kaohaos.length ? `（${kaohaos.length} 个）` : ''}
      </Button>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={`${missing.length} 个考号未找到或无权查看：${missing.slice(0, 10).join('、')}${missing.length > 10 ? ' 等' : ''}`}
          data-testid="group-paste-missing"
        />
      )}
    </Space>
  );
}

/**
 * 新建 / 编辑分析组: a name and either classes (several chosen at once) or students (found by exam number or
 * name). Saving twice on a double click sends once; closing with edits asks first.
 */
export function GroupForm({
  r,
  group,
  onClose,
  onSaved,
}: {
  r: Report;
  /** null: a new group */
  group: ReportGroupItem | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [start, setStart] = useState(() => draftOf(group));
  const [importing, setImporting] = useState(false);
  const [draft, setDraftOnly] = useState(start);
  const [problem, setProblem] = useState<string | null>(null);
  // an edit answers the problem shown: it goes until the next 保存
  const setDraft = (d: Draft) => {
    setDraftOnly(d);
    setProblem(null);
  };
  const [typed, setTyped] = useState('');
  // one search once the reader pauses, not one per key
  const keyword = useDebounced(typed.trim(), 300);
  const found = useCandidates(r.examId, keyword);
  const dirty = JSON.stringify(draft) !== JSON.stringify(start);

  const save = useOneAtATime({
    mutationFn: async (body: ReturnType<typeof reportGroupBody.parse>) =>
      group
        ? (await reportApi.updateGroup(r.examId, group.id, body), group.id)
        : (await reportApi.createGroup(r.examId, body)).id,
    onSuccess: async (id) => {
      message.success(group ? '分析组已保存' : '分析组已创建');
      await qc.invalidateQueries({ queryKey: ['report', r.examId, 'groups'] });
      await qc.invalidateQueries({ queryKey: ['report', r.examId, 'group', id] });
      onSaved(id);
    },
  });

  const submit = () => {
    const checked = reportGroupBody.safeParse({
      name: draft.name,
      ...(draft.kind === 'classes'
        ? { classIds: draft.classIds }
        : { examineeIds: draft.students.map((s) => s.value) }),
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? '填写有误');
      return;
    }
    setProblem(null);
    void save.mutateAsync(checked.data).catch(() => undefined);
  };
  const guard = useDialogGuard({ open: true, dirty, saving: save.isPending, onClose });
  const classLabel = (c: Report['classes'][number]) =>
    r.schools.length > 1 ? `${c.schoolName} ${c.name}` : c.name;

  return (
    <Modal
      open
      title={group ? '编辑分析组' : '新建分析组'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      onCancel={guard.close}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'group-save' } as ButtonProps}
      destroyOnHidden
      width={600}
    >
      {guard.leaveGuard}
      <Form layout="vertical" data-testid="group-form">
        <Form.Item label="名称" required>
          <Input
            value={draft.name}
            maxLength={30}
            placeholder="例如：实验班、重点关注学生"
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            data-testid="group-name"
          />
        </Form.Item>
        <Form.Item label="组成方式">
          <Radio.Group
            optionType="button"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as Kind })}
            options={[
              { label: '按班级', value: 'classes' },
              { label: '按学生', value: 'students' },
            ]}
            data-testid="group-kind"
          />
        </Form.Item>
        {draft.kind === 'classes' ? (
          <Form.Item label="班级" required extra="可多选；只列出您有权查看报表的班级">
            <Select<number[]>
              mode="multiple"
              aria-label="分析组班级"
              placeholder="选择班级"
              value={draft.classIds}
              onChange={(classIds) => setDraft({ ...draft, classIds })}
              options={r.classes.map((c) => ({ label: classLabel(c), value: c.id }))}
              optionFilterProp="label"
              notFoundContent="没有可选的班级"
              data-testid="group-classes"
            />
          </Form.Item>
        ) : (
          <Form.Item label="学生" required extra="输入考号或姓名搜索，可多选；只列出您有权查看报表的学生">
            <Select<{ value: number; label: string }[]>
              mode="multiple"
              labelInValue
              showSearch
              filterOption={false}
              aria-label="分析组学生"
              placeholder="输入考号或姓名"
              value={draft.students}
              onSearch={setTyped}
              onChange={(students) => setDraft({ ...draft, students })}
              options={(found.data ?? []).map(studentOption)}
              notFoundContent={
                found.isFetching ? <Spin size="small" /> : typed ? '没有找到匹配的学生' : '请输入考号或姓名'
              }
              data-testid="group-students"
            />
          </Form.Item>
        )}
        {draft.kind === 'students' && (
          <Form.Item label="按考号添加">
            <PasteKaohao examId={r.examId} onFound={(found) => setDraft(withStudents(draft, found))} />
          </Form.Item>
        )}
        {draft.kind === 'students' && (
          <Form.Item label="从 Excel 导入考号">
            {group?.kind === 'students' ? (
              <Button onClick={() => setImporting(true)} data-testid="group-import">
                导入考号
              </Button>
            ) : (
              <Typography.Text type="secondary">保存分析组后，可在“编辑”中从 Excel 导入考号</Typography.Text>
            )}
          </Form.Item>
        )}
        {importing && group && (
          <GroupImportDialog
            examId={r.examId}
            group={group}
            onClose={() => setImporting(false)}
            onImported={(added) => {
              // already saved: the students join the form's start as well, so they are no unsaved edit
              setStart(withStudents(start, added));
              setDraftOnly(withStudents(draft, added));
            }}
          />
        )}
        {problem && <Alert type="error" showIcon message={problem} data-testid="group-problem" />}
        <Typography.Text type="secondary">
          分析组的报表只统计组内学生：平均分、四率、一分一段、试题分析等均按组内实考学生计算。
        </Typography.Text>
      </Form>
    </Modal>
  );
}
