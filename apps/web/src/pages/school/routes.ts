import type { RouteObject } from 'react-router';

/** School administration screens (school/{schoolId}/base_info_ …) under /book; each one added when it works. */
export const schoolRoutes: RouteObject[] = [];
