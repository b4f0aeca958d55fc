/** What other parts of Kino (the workers, the orders) use of the ЕАИС report. */
export { reportToEais, uploadToEais, type EaisRunResult } from './report';
export { recordEaisOperations } from './ledger';
