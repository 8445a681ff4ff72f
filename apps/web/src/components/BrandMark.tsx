import { BRAND } from '../app/theme';

/** The product mark: a tick on the brand colour, as in the favicon; `inverse` for dark backgrounds. */
export function BrandMark({ size = 32, inverse = false }: { size?: number; inverse?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill={inverse ? '#fff' : BRAND} />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke={inverse ? BRAND : '#fff'}
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
