import type { AllScoreSubject } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, List, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { exportApi } from './export.api';

/** 计入总分设置: which subjects the exam total adds up (exam managers only; the server checks too). */
export function InTotalButton({ examId, subjects }: { examId: number; subjects: AllScoreSubject[] }) {
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const save = useOneAtATime({
    mutationFn: (v: { subjectId: number; inTotal: boolean }) =>
      exportApi.inTotal(examId, v.subjectId, v.inTotal),
    onSuccess: async (_r, v) => {
      message.success(v.inTotal ? '已计入总分' : '已不计入总分');
      await qc.invalidateQueries({ queryKey: ['allScore', examId] });
    },
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="in-total">
        计入总分设置
      </Button>
      <Modal title="计入总分设置" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <List
          dataSource={subjects}
          locale={{ emptyText: '本次考试没有科目' }}
          renderItem={(s) => (
            <List.Item
              extra={
                <Switch
                  checked={s.inTotal}
                  loading={save.isPending && save.variables?.subjectId === s.id}
                  onChange={(inTotal) => save.mutate({ subjectId: s.id, inTotal })}
                  aria-label={`${s.name}计入总分`}
                />
              }
            >
              {s.name}（满分 {s.fullScore}）
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
