import { theme as antdTheme } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { IDLE, PROGRESS, ProgressModel, type ProgressState } from './progress-model';
import { takeLoaderFailure } from './loader-signal';

/** For tests and styling hooks: failed, running (growing), finished (at 100 %, fading) or idle. */
function barState(s: ProgressState): string {
  if (s.failed) return 'failed';
  if (!s.visible) return 'idle';
  return s.percent < 100 ? 'running' : 'finished';
}

/** The 2 px bar itself; `state` comes from a ProgressModel. */
export function ProgressBarView({ state }: { state: ProgressState }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      role="progressbar"
      aria-label="页面加载进度"
      aria-valuenow={Math.round(state.percent)}
      aria-hidden={!state.visible}
      data-testid="top-progress"
      data-state={barState(state)}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 2000,
        height: PROGRESS.heightPx,
        width: `${state.percent}%`,
        opacity: state.visible ? 1 : 0,
        background: state.failed ? PROGRESS.failedColor : token.colorPrimary,
        transition: 'width 0.2s linear, opacity 0.2s',
        pointerEvents: 'none',
      }}
    />
  );
}

function useModel(): [ProgressModel, ProgressState] {
  const [state, setState] = useState<ProgressState>(IDLE);
  const [model] = useState(() => new ProgressModel(setState));
  useEffect(() => () => model.dispose(), [model]);
  return [model, state];
}

/** Runs while route loaders run (navigation.state === 'loading'), red when one of them failed. */
export function TopProgressBar() {
  const navigation = useNavigation();
  const { key } = useLocation();
  const [model, state] = useModel();
  const loading = navigation.state === 'loading';

  useEffect(() => {
    if (loading) {
      model.start();
      return;
    }
    const failed = takeLoaderFailure();
    // A loader that fails at once may never render a 'loading' state: still show the red bar.
    if (failed) model.fail();
    else if (model.current.visible && model.current.percent < 100) model.finish();
    // The location key re-runs this after a navigation too quick to render its 'loading' state.
  }, [loading, key, model]);

  return <ProgressBarView state={state} />;
}

/** The bar during the very first load, before the router renders anything. */
export function InitialProgressBar() {
  const [model, state] = useModel();
  useEffect(() => model.start(), [model]);
  return <ProgressBarView state={state} />;
}
