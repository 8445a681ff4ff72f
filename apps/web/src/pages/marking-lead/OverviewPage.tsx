import { Navigate } from 'react-router';

/** /book/subject/{subjectId}/overview: its default child, overview/blockOrStudent. */
export function Component() {
  return <Navigate to="blockOrStudent" replace />;
}
