import type { CSSProperties } from 'react';

/** The row above a school-admin card's table: its note or filters on the left, its actions on the right. */
export const PANEL_TOOLBAR: CSSProperties = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  marginBottom: 16,
  gap: 12,
};
