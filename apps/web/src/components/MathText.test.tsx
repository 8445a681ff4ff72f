import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MathText } from './MathText';
import { OnlineImageUrlContext, portalOnlineImageUrl } from './online-image-url';

afterEach(cleanup);

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
