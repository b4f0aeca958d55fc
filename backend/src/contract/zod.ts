/** zod with Russian default messages: validation errors reach viewers as they are. */
import { z } from 'zod';

z.config(z.locales.ru());

export { z };
