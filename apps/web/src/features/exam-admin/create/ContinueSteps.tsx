import type { ExamDetail } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleApiError } from '../../../api/handle-error';
import { examAdminApi } from '../exam-admin.api';
import { invalidateExam } from '../exam-admin.queries';
import { ExamineesPanel } from '../examinees/ExamineesPanel';
import { StaffPanel } from '../staff/StaffPanel';
import { resumeStep } from './wizard-steps';
import { WizardFrame } from './WizardFrame';

/** Steps 3–4 of singleCreateExam on the created exam; the server keeps the step so the wizard resumes. */
export function ContinueSteps({ exam }: { exam: ExamDetail }) {
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState(() => resumeStep(exam.step));
  const [busy, setBusy] = useState(false);

  const go = async (next: number) => {
    setBusy(true);
    try {
      if (next > exam.step) await examAdminApi.step(exam.id, next);
      await invalidateExam(qc, exam.id);
      setStep(next);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const toStaff = () => {
    if (exam.examinees > 0) return void go(4);
    modal.confirm({
      title: '还没有添加考生',
      content: '没有考生将无法扫描和阅卷。可以先设置人员，稍后在“考生管理”中添加考生。',
      okText: '先设置人员',
      cancelText: '返回添加考生',
      onOk: () => go(4),
    });
  };

  const finish = async () => {
    await go(4);
    void navigate(`/book/exam/${exam.id}`);
  };

  const footer =
    step === 3 ? (
      <>
        <Link to={`/book/exam/${exam.id}/edit`}>
          <Button>修改基本信息</Button>
        </Link>
        <Button type="primary" loading={busy} onClick={toStaff}>
          下一步：人员
        </Button>
      </>
    ) : (
      <>
        <Button onClick={() => setStep(3)} disabled={busy}>
          上一步
        </Button>
        <Button type="primary" loading={busy} onClick={() => void finish()}>
          完成
        </Button>
      </>
    );

  return (
    <WizardFrame
      current={step}
      onStep={(s) => (s === 4 ? toStaff() : setStep(s))}
      title={`创建考试：${exam.name}`}
      footer={footer}
    >
      {step === 3 ? <ExamineesPanel exam={exam} /> : <StaffPanel exam={exam} />}
    </WizardFrame>
  );
}
