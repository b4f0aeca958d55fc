/** What other parts of Kino (the workers) use of the EAIS report. */
export { reportToEais } from './report';
