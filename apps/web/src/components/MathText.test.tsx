import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { splitContent, splitMath } from './math-segments';
import { MathText } from './MathText';
import { OnlineImageUrlContext, portalOnlineImageUrl } from './online-image-url';

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

const ID = '6f1d3c52-4a8e-4b7e-9c1a-2b3c4d5e6f70.png';

describe('splitContent (images of an online exam, issue 34)', () => {
  it('cuts each image mark out, with math split around it', () => {
    expect(splitContent(`如图 $x^2$\n![图片](online-image:12/${ID})，求 $y$`)).toEqual([
      { kind: 'text', value: '如图 ' },
      { kind: 'math', value: 'x^2', display: false },
      { kind: 'text', value: '\n' },
      { kind: 'image', alt: '图片', subjectId: 12, imageId: ID },
      { kind: 'text', value: '，求 ' },
      { kind: 'math', value: 'y', display: false },
    ]);
  });

  it('names an empty alt 图片, takes two marks side by side, and a bare uuid', () => {
    const bare = ID.replace('.png', '');
    expect(splitContent(`![](online-image:3/${ID})![示意图](online-image:3/${bare})`)).toEqual([
      { kind: 'image', alt: '图片', subjectId: 3, imageId: ID },
      { kind: 'image', alt: '示意图', subjectId: 3, imageId: bare },
    ]);
  });

  it('leaves other links, a bad id and a missing-image note as text', () => {
    for (const t of [
      '![图片](https://example.com/a.png)',
      '![图片](online-image:12/../../etc/passwd)',
      '![图片](online-image:12/not-a-uuid.png)',
      `![图片](online-image:x/${ID})`,
      '[图片缺失]',
    ])
      expect(splitContent(t)).toEqual([{ kind: 'text', value: t }]);
  });

  it('is plain math splitting where there is no image', () => {
    const t = 'a $$x^2$$ b \\(z\\) 价格 5$';
    expect(splitContent(t)).toEqual(splitMath(t));
  });
});

describe('MathText images', () => {
  it("draws an image mark as an image of the school's route by default", () => {
    const { container } = render(<MathText text={`看图\n![图片](online-image:12/${ID})`} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`/filter/api/subject/12/online/images/${ID}`);
    expect(img.getAttribute('alt')).toBe('图片');
    expect(img.style.maxWidth).toBe('100%');
    expect(container.textContent).toBe('看图\n');
  });

  it("draws it through the student's route on the sitting page, math unchanged", () => {
    const { container } = render(
      <OnlineImageUrlContext.Provider value={portalOnlineImageUrl(7)}>
        <MathText text={`$a^2$ ![图片](online-image:12/${ID})`} />
      </OnlineImageUrlContext.Provider>,
    );
    expect(container.querySelector('img')!.getAttribute('src')).toBe(
      `/filter/api/portal/online/7/images/${ID}`,
    );
    expect(container.querySelectorAll('.math-inline .katex')).toHaveLength(1);
  });

  it('says in words when the browser cannot draw the image', () => {
    const { container } = render(<MathText text={`![图片](online-image:12/${ID})`} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('[图片无法显示]');
  });
});
