/** Vitest global setup of the files that run on the embedded database as well as on PostgreSQL. */
export { setupEmbedded as default } from './global-setup';
