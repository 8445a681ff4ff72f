import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Form, InputNumber, Modal, Space, Table, Typography } from 'antd';
import {
  DEFAULT_REPORT_SETTINGS,
  reportSettingsBody,
  reportSettingsProblem,
  type ReportGradeBand,
  type ReportSettings,
} from '@yj/contracts';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useDialogGuard } from '../../app/useDialogGuard';
import { reportApi } from './report.api';

const RATE_FIELDS = [
  ['excellent', '优秀线'],
  ['good', '良好线'],
  ['pass', '及格线'],
  ['low', '低分线'],
] as const;

const copy = (s: ReportSettings): ReportSettings => JSON.parse(JSON.stringify(s)) as ReportSettings;

/**
 * 报表设置 of an exam: 四率 lines, 等级赋分 shares and bands, 临界生 lines and width. Checked with the server's own
 * rules before it is sent; saving makes every report of the exam computed again. Mounted while open, so each
 * opening starts from the settings in force.
 */
export function ReportSettingsDialog({
  examId,
  open,
  settings,
  onClose,
}: {
  examId: number;
  open: boolean;
  settings: ReportSettings;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<ReportSettings>(() => copy(settings));
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = open && JSON.stringify(draft) !== JSON.stringify(settings);
  const save = useOneAtATime({
    mutationFn: (s: ReportSettings) => reportApi.saveSettings(examId, s),
    onSuccess: async () => {
      message.success('报表设置已保存，报表将按新设置重新计算');
      await qc.invalidateQueries({ queryKey: ['report', examId] });
      onClose();
    },
  });
  const guard = useDialogGuard({ open, dirty, saving: save.isPending, onClose });
  const submit = () => {
    const checked = reportSettingsBody.safeParse(draft);
    const wrong = checked.success
      ? reportSettingsProblem(checked.data)
      : (checked.error.issues[0]?.message ?? '设置有误');
    if (wrong || !checked.success) {
      setProblem(wrong);
      return;
    }
    setProblem(null);
    void save.mutateAsync(checked.data).catch(() => undefined);
  };
  const edit = (f: (d: ReportSettings) => void) =>
    setDraft((d) => {
      const next = copy(d);
      f(next);
      return next;
    });
  const setBand = (i: number, key: 'share' | 'high' | 'low', v: number | null) =>
    edit((d) => {
      d.grades[i]![key] = v ?? 0;
    });

  return (
    <Modal
      open={open}
      title="报表设置"
      width={640}
      onCancel={guard.close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setDraft(copy(DEFAULT_REPORT_SETTINGS))} data-testid="settings-defaults">
            恢复默认
          </Button>
          <Button onClick={guard.close} disabled={save.isPending}>
            取消
          </Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="settings-save">
            保存
          </Button>
        </Space>
      }
    >
      {guard.leaveGuard}
      <div data-testid="report-settings">
        <Typography.Text type="secondary">
          以下比例都按满分计算，对本次考试的所有科目和总分生效；保存后报表将重新计算。
        </Typography.Text>
        <Divider titlePlacement="start" plain>
          四率（占满分的百分比）
        </Divider>
        <Form layout="inline">
          {RATE_FIELDS.map(([key, label]) => (
            <Form.Item key={key} label={label}>
              <InputNumber
                aria-label={label}
                min={0}
                max={100}
                precision={0}
                addonAfter="%"
                style={{ width: 110 }}
                value={draft.rates[key]}
                onChange={(v) =>
                  edit((d) => {
                    d.rates[key] = v ?? 0;
                  })
                }
              />
            </Form.Item>
          ))}
        </Form>
        <Divider titlePlacement="start" plain>
          等级赋分
        </Divider>
        <Table<ReportGradeBand & { i: number }>
          size="small"
          pagination={false}
          rowKey="grade"
          dataSource={draft.grades.map((g, i) => ({ ...g, i }))}
          columns={[
            { title: '等级', dataIndex: 'grade' },
            ...(['share', 'high', 'low'] as const).map((key) => ({
              title: { share: '人数比例(%)', high: '赋分上限', low: '赋分下限' }[key],
              key,
              render: (g: ReportGradeBand & { i: number }) => (
                <InputNumber
                  aria-label={`${g.grade}等${{ share: '人数比例', high: '赋分上限', low: '赋分下限' }[key]}`}
                  min={0}
                  max={key === 'share' ? 100 : 1000}
                  precision={0}
                  value={g[key]}
                  onChange={(v) => setBand(g.i, key, v)}
                />
              ),
            })),
          ]}
        />
        <Typography.Text type="secondary">
          按全体实考考生的分数排名划分等级，各等级内按比例线性转换到赋分区间；各等级比例之和应为 100%。
        </Typography.Text>
        <Divider titlePlacement="start" plain>
          临界生（占满分的百分比）
        </Divider>
        <Space wrap align="center">
          {draft.critical.lines.map((line, i) => (
            <Space.Compact key={i}>
              <InputNumber
                aria-label={`临界线${i + 1}`}
                min={1}
                max={100}
                precision={0}
                addonBefore={`临界线${i + 1}`}
                addonAfter="%"
                style={{ width: 190 }}
                value={line}
                onChange={(v) =>
                  edit((d) => {
                    d.critical.lines[i] = v ?? 0;
                  })
                }
              />
              <Button
                onClick={() =>
                  edit((d) => {
                    d.critical.lines.splice(i, 1);
                  })
                }
              >
                删除
              </Button>
            </Space.Compact>
          ))}
          <Button
            disabled={draft.critical.lines.length >= 5}
            onClick={() =>
              edit((d) => {
                d.critical.lines.push(draft.rates.pass);
              })
            }
          >
            添加临界线
          </Button>
          <InputNumber
            aria-label="上下浮动"
            min={1}
            max={50}
            precision={0}
            addonBefore="上下浮动"
            addonAfter="%"
            style={{ width: 180 }}
            value={draft.critical.within}
            onChange={(v) =>
              edit((d) => {
                d.critical.within = v ?? 0;
              })
            }
          />
        </Space>
        {problem && <Alert type="error" showIcon style={{ marginTop: 16 }} message={problem} />}
      </div>
    </Modal>
  );
}
