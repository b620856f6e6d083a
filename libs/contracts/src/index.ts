export * from './api';
export * from './auth';
export * from './events';
export * from './fields';
export * from './limits';
export * from './offers';
export * from './reference-data';
export * from './vehicle';
