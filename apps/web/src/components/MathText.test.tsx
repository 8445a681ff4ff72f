import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { splitMath } from './math-segments';
import { MathText } from './MathText';

afterEach(cleanup);

describe('splitMath', () => {
  it('recognises all five delimiters', () => {
    expect(splitMath('a $$x^2$$ b \\[y\\] c \\(z\\) d $w$ e')).toEqual([
      { kind: 'text', value: 'a ' },
      { kind: 'math', value: 'x^2', display: true },
      { kind: 'text', value: ' b ' },
      { kind: 'math', value: 'y', display: true },
      { kind: 'text', value: ' c ' },
      { kind: 'math', value: 'z', display: false },
      { kind: 'text', value: ' d ' },
      { kind: 'math', value: 'w', display: false },
      { kind: 'text', value: ' e' },
    ]);
  });

  it('keeps unmatched and escaped dollars as text', () => {
    expect(splitMath('价格 5$，没有公式')).toEqual([{ kind: 'text', value: '价格 5$，没有公式' }]);
    expect(splitMath('\\$5 和 \\$6')).toEqual([{ kind: 'text', value: '$5 和 $6' }]);
    expect(splitMath('$$ $$')).toEqual([{ kind: 'text', value: '$$ $$' }]);
  });

  it('plain text is one segment', () => {
    expect(splitMath('第 1 题')).toEqual([{ kind: 'text', value: '第 1 题' }]);
    expect(splitMath('')).toEqual([]);
  });
});

describe('MathText', () => {
  it('renders inline and display formulas with KaTeX around the plain text', () => {
    const { container } = render(<MathText text="已知 $a^2+b^2=c^2$，求 \[\frac{1}{2}\]" />);
    expect(container.textContent).toContain('已知');
    expect(container.querySelectorAll('.math-inline .katex')).toHaveLength(1);
    expect(container.querySelectorAll('.math-display .katex-display')).toHaveLength(1);
    expect(container.querySelector('.math-display annotation')?.textContent).toBe('\\frac{1}{2}');
  });

  it('shows bad TeX as an error mark instead of throwing', () => {
    const { container } = render(<MathText text="错误 $\frac{1}{$ 公式" />);
    expect(container.querySelector('.katex-error')).not.toBeNull();
  });
});
