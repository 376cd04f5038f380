export * from './limits';
export * from './errors';
export * from './pagination';
export * from './catalogue';
export * from './statistics';
export * from './contact';
export * from './health';
export * from './service-pages';
