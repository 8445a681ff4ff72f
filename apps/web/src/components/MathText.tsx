import katex from 'katex';
import 'katex/dist/katex.min.css';
import { Fragment, useContext, useMemo, useState } from 'react';
import { splitContent } from '@yj/contracts';
import { OnlineImageUrlContext } from './online-image-url';

/**
 * An imported image of the content, as wide as it is up to the text's width; one the browser cannot draw (a Word
 * EMF/WMF picture, a file gone) says so in words instead of a broken icon.
 */
function ContentImage({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span className="content-image-missing">[{alt}无法显示]</span>;
  return (
    <img
      className="content-image"
      src={src}
      alt={alt}
      loading="lazy"
      style={{ maxWidth: '100%', height: 'auto', verticalAlign: 'middle' }}
      onError={() => setBroken(true)}
    />
  );
}

/**
 * Renders text with formulas in $$ $ \( \) \[ \] (spec §1) and the images of an online exam's content
 * (![图片](online-image:…), fetched where OnlineImageUrlContext says). Bad TeX shows in red instead of failing.
 */
export function MathText({ text, className }: { text: string; className?: string }) {
  const imageUrl = useContext(OnlineImageUrlContext);
  const parts = useMemo(
    () =>
      splitContent(text).map((p) =>
        p.kind !== 'math'
          ? p
          : {
              ...p,
              html: katex.renderToString(p.value, {
                displayMode: p.display,
                throwOnError: false,
                strict: 'ignore',
                output: 'htmlAndMathml',
              }),
            },
      ),
    [text],
  );
  return (
    <span className={className}>
      {parts.map((p, i) =>
        p.kind === 'text' ? (
          <Fragment key={i}>{p.value}</Fragment>
        ) : p.kind === 'image' ? (
          <ContentImage key={i} src={imageUrl(p.subjectId, p.imageId)} alt={p.alt} />
        ) : (
          // KaTeX output is generated markup from the formula, escaped by KaTeX itself.
          <span
            key={i}
            className={p.display ? 'math-display' : 'math-inline'}
            dangerouslySetInnerHTML={{ __html: p.html }}
          />
        ),
      )}
    </span>
  );
}
