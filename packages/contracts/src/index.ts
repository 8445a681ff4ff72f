import { z } from 'zod';

// Validation messages in Simplified Chinese, for the server's field errors and the web's forms alike.
z.config(z.locales.zhCN());

export * from './fields';
export * from './envelope';
export * from './roles';
export * from './auth';
export * from './password';
export * from './home';
export * from './template';
export * from './capabilities';
export * from './school';
export * from './exam';
export * from './question';
export * from './quick-entry';
export * from './block';
export * from './template-meta';
export * from './card';
export * from './scan';
export * from './page-result';
export * from './exception-detail';
export * from './marking';
export * from './marking-reset';
export * from './subject-lifecycle';
export * from './reviewer';
export * from './score';
export * from './score-publish';
export * from './export';
export * from './trial';
export * from './quality';
export * from './report';
export * from './report-tables';
