import type { RouteObject } from 'react-router';

/** Exam screens (inSchool, jointExam/home, singleCreateExam, exam/{examId} …) under /book; each one added when it works. */
export const examRoutes: RouteObject[] = [];
