import { Card, Steps } from 'antd';
import type { ReactNode } from 'react';
import { homeCrumbs, PageFrame } from '../PageFrame';
import { FIRST_STEP, WIZARD_STEPS } from './wizard-steps';

/** Steps on top, the current step's content, and its buttons at the foot. */
export function WizardFrame({
  current,
  onStep,
  title,
  children,
  footer,
}: {
  current: number;
  /** set when the user may jump between steps by clicking them */
  onStep?: (step: number) => void;
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '校内考试', to: '/book/inSchool' }, { title: '创建考试' })}
      title={title}
      testId="create-wizard"
    >
      <Card>
        {/* antd numbers items from initial + 1, so the 1-based step is shifted rather than passed as initial */}
        <Steps
          current={current - FIRST_STEP}
          onChange={onStep ? (i) => onStep(i + FIRST_STEP) : undefined}
          items={WIZARD_STEPS.map((s, i) => ({
            title: s.title,
            content: s.description,
            // once the exam exists, steps 1–2 are done and edited on the edit screen instead
            disabled: !onStep || i + FIRST_STEP < 3,
          }))}
          style={{ marginBottom: 8 }}
        />
      </Card>
      {children}
      <Card size="small">
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>{footer}</div>
      </Card>
    </PageFrame>
  );
}
