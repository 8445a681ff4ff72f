import type { OnlineSetting, OnlineSettingSave } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, InputNumber, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { failureText } from '../exam-admin/QueryFailed';
import { OnlineContentEditor } from './OnlineContentEditor';
import { DocxImportButton } from './DocxImportButton';
import { onlineApi } from './online.api';

const STATE = {
  draft: { color: 'default', text: '未发布' },
  launched: { color: 'green', text: '已发布' },
  cancelled: { color: 'orange', text: '已取消' },
} as const;

interface Draft {
  mode: 'paper' | 'online';
  window: [Dayjs, Dayjs] | null;
  durationMin: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  questions: OnlineSetting['questions'];
}
const draftOf = (s: OnlineSetting): Draft => ({
  mode: s.mode,
  window: s.startsAt && s.endsAt ? [dayjs(s.startsAt), dayjs(s.endsAt)] : null,
  durationMin: s.durationMin,
  shuffleQuestions: s.shuffleQuestions,
  shuffleOptions: s.shuffleOptions,
  questions: s.questions,
});
/** The draft as saved: an online subject's with its window; a paper subject's content alone (its 补考's). */
function bodyOf(d: Draft): OnlineSettingSave | null {
  const timed = d.window && d.durationMin ? { window: d.window, durationMin: d.durationMin } : null;
  if (!timed && d.mode === 'online') return null;
  return {
    mode: d.mode,
    startsAt: timed?.window[0].toISOString() ?? null,
    endsAt: timed?.window[1].toISOString() ?? null,
    durationMin: timed?.durationMin ?? null,
    shuffleQuestions: d.shuffleQuestions,
    shuffleOptions: d.shuffleOptions,
    contents: d.questions
      .filter((q) => q.content || q.optionTexts.some(Boolean))
      .map((q) => ({ no: q.no, content: q.content, optionTexts: q.optionTexts })),
  };
}

/** 在线考试设置: the mode, the window, the duration, the questions' content; 发布 and 取消 (issue 34). */
export function OnlineSettingCard({ setting, canEdit }: { setting: OnlineSetting; canEdit: boolean }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [saved, setSaved] = useState(() => draftOf(setting));
  const [draft, setDraft] = useState(saved);
  const dirty = JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(saved)) || draft.mode !== saved.mode;
  useUnsavedGuard(dirty);
  const launched = setting.state === 'launched';
  const readOnly = !canEdit || launched;
  const took = (s: OnlineSetting) => {
    qc.setQueryData(['online', 'setting', s.subjectId], s);
    const d = draftOf(s);
    setSaved(d);
    setDraft(d);
  };
  const save = useOneAtATime({
    mutationFn: (body: OnlineSettingSave) => onlineApi.save(setting.subjectId, body),
    onSuccess: (s) => {
      took(s);
      void message.success('在线考试设置已保存');
    },
    onError: (e) => void message.error(failureText(e)),
  });
  const lifecycle = useOneAtATime({
    mutationFn: (op: 'launch' | 'cancel') => onlineApi[op](setting.subjectId),
    onSuccess: (s) => {
      took(s);
      void message.success(
        s.state === 'launched' ? '在线考试已发布，考生可在学生端作答' : '在线考试已取消发布',
      );
    },
    onError: (e) => void message.error(failureText(e)),
  });
  const submit = () => {
    const body = bodyOf(draft);
    if (!body) return void message.error('请设置考试时间段和考试时长');
    void save.mutateAsync(body);
  };
  const st = STATE[setting.state];
  return (
    <Card
      title="在线考试设置"
      data-testid="online-setting"
      extra={
        <Space>
          {setting.mode === 'online' && (
            <Tag color={st.color} data-testid="online-state">
              {st.text}
            </Tag>
          )}
          {canEdit && setting.canLaunch && !dirty && (
            <Button
              type="primary"
              loading={lifecycle.isPending}
              onClick={() =>
                modal.confirm({
                  title: '发布在线考试？',
                  content: '发布后本科目的考生可在考试时间段内登录学生端作答，设置不能再修改。',
                  okText: '发布',
                  onOk: () => lifecycle.mutateAsync('launch'),
                })
              }
            >
              在线考试发布
            </Button>
          )}
          {canEdit && setting.canCancel && (
            <Button danger loading={lifecycle.isPending} onClick={() => void lifecycle.mutateAsync('cancel')}>
              取消发布
            </Button>
          )}
        </Space>
      }
    >
      <Form layout="horizontal" labelCol={{ flex: '110px' }} disabled={readOnly}>
        <Form.Item label="在线考试">
          <Switch
            aria-label="在线考试"
            checked={draft.mode === 'online'}
            onChange={(on) => setDraft((d) => ({ ...d, mode: on ? 'online' : 'paper' }))}
          />
          <span style={{ marginLeft: 8, color: '#86909c' }}>
            开启后考生在学生端作答，不需打印和扫描答题卡
          </span>
        </Form.Item>
        {draft.mode === 'paper' ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="paper-makeup-note"
            message="纸笔考试的在线补考"
            description="缺考或未扫描答题卡的考生可在学生端补考：在下方填写题目内容并保存，再在“在线补考”中为考生安排补考时间。补考交卷后，客观题按本科目答案计分，主观题与扫描的答题卡一起阅卷。"
          />
        ) : (
          <>
            <Form.Item label="考试时间段" required>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                value={draft.window}
                placeholder={['开始时间', '结束时间']}
                onChange={(r) => setDraft((d) => ({ ...d, window: r?.[0] && r[1] ? [r[0], r[1]] : null }))}
              />
            </Form.Item>
            <Form.Item label="考试时长" required>
              <InputNumber
                aria-label="考试时长"
                min={1}
                max={600}
                precision={0}
                value={draft.durationMin}
                addonAfter="分钟"
                onChange={(v) => setDraft((d) => ({ ...d, durationMin: v }))}
              />
              <span style={{ marginLeft: 8, color: '#86909c' }}>从考生开始作答起计时，不超过时间段结束</span>
            </Form.Item>
            <Form.Item label="防作弊">
              <Space wrap>
                <Switch
                  aria-label="题序打乱"
                  checked={draft.shuffleQuestions}
                  onChange={(on) => setDraft((d) => ({ ...d, shuffleQuestions: on }))}
                />
                <span>题序打乱</span>
                <Switch
                  aria-label="选项打乱"
                  checked={draft.shuffleOptions}
                  onChange={(on) => setDraft((d) => ({ ...d, shuffleOptions: on }))}
                />
                <span>选项打乱</span>
                <span style={{ color: '#86909c' }}>
                  每位考生顺序不同、刷新不变；选择题与解答题各自打乱，判断题选项不打乱，阅卷与计分按原题号和原选项
                </span>
              </Space>
            </Form.Item>
          </>
        )}
      </Form>
      {!readOnly && draft.questions.length > 0 && (
        <div style={{ margin: '0 0 10px', textAlign: 'right' }}>
          <DocxImportButton
            subjectId={setting.subjectId}
            questions={draft.questions}
            onUse={(imported) =>
              setDraft((d) => ({
                ...d,
                questions: d.questions.map((q) => {
                  const i = imported.find((x) => x.no === q.no);
                  if (!i) return q;
                  const room = q.kind === 'subjective' ? 0 : q.kind === 'trueFalse' ? 2 : q.options;
                  return { ...q, content: i.content, optionTexts: i.optionTexts.slice(0, room) };
                }),
              }))
            }
          />
        </div>
      )}
      <OnlineContentEditor
        questions={draft.questions}
        readOnly={readOnly}
        onChange={(no, patch) =>
          setDraft((d) => ({
            ...d,
            questions: d.questions.map((q) => (q.no === no ? { ...q, ...patch } : q)),
          }))
        }
      />
      {canEdit && !launched && (
        <div style={{ marginTop: 12, textAlign: 'right' }}>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={submit}>
            保存设置
          </Button>
        </div>
      )}
    </Card>
  );
}
