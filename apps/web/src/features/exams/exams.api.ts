import type { HomeExam, HomeExamsQuery, Paged } from '@yj/contracts';
import { api } from '../../api/filter';

export const examsApi = {
  home: (q: HomeExamsQuery) => api.post<Paged<HomeExam>>('/api/home/exams', q),
};
