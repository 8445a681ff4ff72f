import { quizRepo } from './quiz.repo';
import { quizService } from './quiz.service';

/** The quiz module wired (composition root: routes.ts): its repository passed into its service here. */
export function quizModule(d: Omit<Parameters<typeof quizService>[0], 'repo'>) {
  return { quizzes: quizService({ ...d, repo: quizRepo }) };
}
