/** Before each browser test file: the file's clock (clock.ts), in this process. */
import { installClock } from './clock';

installClock();
