import type { Request } from 'express';
import type { Config } from '../config';

/**
 * The site's address for links that leave the API (mails, OAuth callbacks): PUBLIC_URL when set,
 * otherwise the address this request came to (behind the trusted proxy, its forwarded host).
 */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'publicUrlIsSet'>, req: Request): string {
  return config.publicUrlIsSet ? config.publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}
