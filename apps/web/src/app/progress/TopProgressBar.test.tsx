import { act, cleanup, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { softLoad } from './loader-signal';
import { TopProgressBar } from './TopProgressBar';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function setup(loaders: { slow: Promise<void>; failing: () => Promise<void> }) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <TopProgressBar />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>首页</p> },
          {
            path: 'slow',
            loader: async () => {
              await softLoad(loaders.slow);
              return null;
            },
            element: <p>慢页面</p>,
          },
          {
            path: 'broken',
            loader: async () => {
              await softLoad(loaders.failing());
              return null;
            },
            element: <p>出错的页面</p>,
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

// No vitest globals here, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

const bar = (): HTMLElement => screen.getByTestId('top-progress');

describe('TopProgressBar with route loaders', () => {
  it('runs while a loader runs and finishes when the page shows', async () => {
    const slow = deferred();
    const router = setup({ slow: slow.promise, failing: () => Promise.resolve() });
    await screen.findByText('首页');
    expect(bar().dataset.state).toBe('idle');

    let nav: Promise<void> = Promise.resolve();
    act(() => {
      nav = router.navigate('/slow');
    });
    expect(bar().dataset.state).toBe('running');
    expect(bar().style.height).toBe('2px');
    expect(screen.getByText('首页')).toBeTruthy();

    await act(async () => {
      slow.resolve();
      await nav;
    });
    expect(await screen.findByText('慢页面')).toBeTruthy();
    expect(bar().dataset.state).toBe('finished');
  });

  it('turns red when a loader fails, and the navigation still completes', async () => {
    const router = setup({ slow: Promise.resolve(), failing: () => Promise.reject(new Error('网络异常')) });
    await screen.findByText('首页');
    await act(async () => {
      await router.navigate('/broken');
    });
    expect(await screen.findByText('出错的页面')).toBeTruthy();
    expect(bar().dataset.state).toBe('failed');
    expect(bar().style.background).toBe('red');
  });
});
