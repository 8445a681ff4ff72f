import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRemount } from './useRemount';

function View({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return <p>视图</p>;
}

function Host({ onMount }: { onMount: () => void }) {
  const [mounted, remount] = useRemount();
  return (
    <>
      <button onClick={remount}>刷新</button>
      {mounted ? <View onMount={onMount} /> : null}
    </>
  );
}

afterEach(cleanup);

describe('useRemount (reload the routed view)', () => {
  it('removes the view and adds it back on the next frame', async () => {
    const onMount = vi.fn();
    render(<Host onMount={onMount} />);
    expect(onMount).toHaveBeenCalledTimes(1);
    act(() => screen.getByText('刷新').click());
    expect(screen.queryByText('视图')).toBeNull();
    expect(await screen.findByText('视图')).toBeTruthy();
    // The frame's commit and its passive effect are two steps: on a loaded machine the test can see
    // the view before the effect has run, so it waits for the effect rather than assuming it.
    await waitFor(() => expect(onMount).toHaveBeenCalledTimes(2));
  });
});
