export { startMongoEmbedded, type MongoEmbedded, type MongoEmbeddedOptions } from './server';
