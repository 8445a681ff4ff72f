import { quizRepo } from './quiz.repo';
import { quizCreator } from './quiz-create';
import { quizService } from './quiz.service';

/** The quiz module wired (composition root: routes.ts): its repository passed into its service here. */
export function quizModule(d: Omit<Parameters<typeof quizService>[0], 'repo'>) {
  return { quizzes: quizService({ ...d, repo: quizRepo }) };
}

/** Making quizzes alone (the demo seed's quiz), its repository passed in here as well. */
export function quizCreatorModule(d: Omit<Parameters<typeof quizCreator>[0], 'repo'>) {
  return quizCreator({ ...d, repo: quizRepo });
}
