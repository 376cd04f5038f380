export * from './accounts';
export * from './catalogue';
export * from './contact';
export * from './orders';
export * from './packages';
export * from './teams';
