import { histogram, quantileOfHistogram, type GreyImage } from './image';

/** Outcome of the cheap whole-page checks run before anything else. */
export interface PageCheck {
  blank: boolean;
  /** Paper level (90th percentile grey). */
  paper: number;
  /** Share of sampled pixels clearly darker than paper. */
  inkRatio: number;
  problem: string | null;
}

/** Blank-back and image-problem check on a sparse sample of the page (every 4th pixel). */
export function checkPage(img: GreyImage): PageCheck {
  if (img.width < 200 || img.height < 200 || img.data.length < img.width * img.height) {
    return { blank: false, paper: 0, inkRatio: 0, problem: '图像尺寸过小或数据不完整' };
  }
  // Skip a 3 % border: scanner edges and shadows are not print.
  const mx = Math.floor(img.width * 0.03);
  const my = Math.floor(img.height * 0.03);
  const { hist, total } = histogram(img, { x: mx, y: my, w: img.width - 2 * mx, h: img.height - 2 * my }, 4);
  const paper = quantileOfHistogram(hist, total, 0.9);
  const inkLimit = paper - Math.max(60, paper * 0.35);
  let ink = 0;
  for (let v = 0; v < Math.max(0, inkLimit); v++) ink += hist[v]!;
  const inkRatio = ink / total;
  if (paper < 90) return { blank: false, paper, inkRatio, problem: '图像过暗（纸张灰度过低）' };
  if (inkRatio > 0.5) return { blank: false, paper, inkRatio, problem: '图像大部分为深色' };
  // A printed card carries anchors, bubbles and text: well over 0.3 % ink even when unanswered.
  return { blank: inkRatio < 0.002, paper, inkRatio, problem: null };
}
