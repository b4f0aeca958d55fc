/** What other parts of Kino (the workers) use of the cinema's settings. */
export { cinemaSettings } from './cinema';
