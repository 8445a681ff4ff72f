export * from './org';
export * from './people';
export * from './auth';
export * from './notice';
export * from './exam';
export * from './subject';
export * from './question';
export * from './block';
