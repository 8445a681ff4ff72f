export * from './marker';
export * from './pairs';
export * from './drift';
export * from './flag';
export * from './speed';
export * from './rates';
export * from './bias';
