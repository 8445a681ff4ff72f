import { act, cleanup, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './Providers';

/** A system setting the test can change, as matchMedia reports it. */
function fakeSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((q: string) =>
      q === '(prefers-reduced-motion: reduce)'
        ? list
        : { matches: false, addEventListener() {}, removeEventListener() {} },
    ),
  );
  return {
    set(v: boolean) {
      reduce = v;
      listeners.forEach((f) => f());
    },
  };
}

function Motion() {
  const { token } = antdTheme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reduced motion', () => {
  it('turns AntD motion off while the system asks for less, and on again when it stops', () => {
    const setting = fakeSetting(true);
    render(
      <Providers>
        <Motion />
      </Providers>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => setting.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('keeps motion where the system does not ask', () => {
    fakeSetting(false);
    render(
      <Providers>
        <Motion />
      </Providers>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
